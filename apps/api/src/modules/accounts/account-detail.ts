import { and, asc, eq } from "drizzle-orm";
import type { AccountDetail } from "@pinjaman/contracts/account-detail";
import type { AccountApplication } from "@pinjaman/contracts/accounts";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { maturityExtensionDays } from "@pinjaman/domain/account-helpers";
import { invoiceOutstanding } from "@pinjaman/domain/invoices";
import { payoffAmount, payoffToTransfer } from "@pinjaman/domain/payoff";
import { t } from "@pinjaman/i18n";
import { Refusal } from "../../plugins/errors.ts";
import { applicationsOfAccount } from "../account-applications/application-service.ts";
import { invoiceView } from "../invoices/invoice-service.ts";
import { closingCreditOf } from "../repayments/closing-credit.ts";
import { borrowerCreditBalance } from "../repayments/loan-position.ts";
import { accountView } from "./account-search.ts";
import "@pinjaman/i18n/ns/loans";

export type StoredInvoice = typeof schema.invoices.$inferSelect;

/** An account and its books as the loan page and the statement read them. */
export type AccountBook = {
  detail: AccountDetail;
  /** The current application's schedule, by number. */
  schedule: StoredInvoice[];
  /** Every invoice of the account (a reschedule's predecessors too), by due date. */
  allInvoices: StoredInvoice[];
  /** The payments allocated to the account, oldest first (decision 0016). */
  payments: StoredPayment[];
};

export type StoredPayment = typeof schema.payments.$inferSelect;

export const accountNotFound = () => new Refusal(404, "account_not_found", t("loans.error.account_not_found"));

/** Statuses of an application whose terms govern the loan (it took effect and was not replaced). */
const IN_FORCE = new Set(["activated", "active", "closed"]);

/** The application in force, newest first; before disbursal the newest one. */
function currentApplication(applications: readonly AccountApplication[]): AccountApplication | null {
  const newestFirst = [...applications].reverse();
  return newestFirst.find((a) => IN_FORCE.has(a.status)) ?? newestFirst[0] ?? null;
}

const sum = (invoices: readonly StoredInvoice[], part: (i: StoredInvoice) => number) => invoices.reduce((s, i) => s + part(i), 0);

/** The merchant a purchase's loan was paid to (its disbursal's payee), else null. */
async function paidToMerchant(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: schema.disbursals.payeeName })
    .from(schema.disbursals)
    .innerJoin(schema.accountApplications, eq(schema.accountApplications.id, schema.disbursals.accountApplicationId))
    .where(and(eq(schema.accountApplications.accountId, accountId), eq(schema.disbursals.status, "succeeded"), eq(schema.disbursals.payeeKind, "merchant")));
  return row?.name ?? null;
}

/**
 * One of the customer's accounts (loan or investment) with its applications, balances, next
 * invoice and payoff on `today`. 404 when the account is not the customer's (or not of `typeKey`).
 */
export async function accountBook(db: Db, customerId: string, accountId: string, today: string, typeKey?: "loan"): Promise<AccountBook> {
  const [row] = await db
    .select()
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.customerId, customerId), ...(typeKey ? [eq(schema.accounts.typeKey, typeKey)] : [])));
  if (!row) throw accountNotFound();
  const [applications, allInvoices, payments, credit, merchant, closingCredit] = await Promise.all([
    applicationsOfAccount(db, accountId),
    db.select().from(schema.invoices).where(eq(schema.invoices.accountId, accountId)).orderBy(asc(schema.invoices.dueOn), asc(schema.invoices.number)),
    db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.accountId, accountId), eq(schema.payments.status, "allocated")))
      .orderBy(asc(schema.payments.createdAt), asc(schema.payments.id)),
    borrowerCreditBalance(db, customerId, accountId),
    paidToMerchant(db, accountId),
    row.status === "closed" && row.typeKey === "loan" ? closingCreditOf(db, accountId) : null,
  ]);
  const initial = applications.find((a) => a.type_key === "initial") ?? null;
  const current = currentApplication(applications);
  const schedule = allInvoices.filter((i) => i.accountApplicationId === current?.id).sort((a, b) => a.number - b.number);
  const open = schedule.filter((i) => i.status === "open");
  const outstandingTotal = sum(schedule, invoiceOutstanding);
  const payoff =
    current?.effective_on && outstandingTotal > 0
      ? payoffAmount({ principal: current.amount, dailyRatePpm: current.daily_rate_ppm, termMonths: current.term, effectiveOn: current.effective_on }, schedule, today)
      : null;
  const account = accountView(row);
  return {
    detail: {
      ...account,
      initial_account_application: initial,
      current_account_application: current,
      maturity_extension_days: maturityExtensionDays({
        ...account,
        activated: account.activated_on !== null,
        initial_account_application: initial,
        current_account_application: current,
      }),
      outstanding_principal: sum(schedule, (i) => i.principal - i.paidPrincipal),
      outstanding_total: outstandingTotal,
      next_invoice: open[0] ? invoiceView(open[0]) : null,
      payoff: payoff && {
        principal: payoff.principal,
        interest: payoff.interest,
        late_fee: payoff.lateFee,
        total: payoff.total,
        credit,
        amount_to_pay: payoffToTransfer(payoff, credit),
      },
      closing_credit: closingCredit,
      paid_to_merchant: merchant,
      today,
    },
    schedule,
    allInvoices,
    payments,
  };
}
