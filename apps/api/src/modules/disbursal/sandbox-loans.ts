import { schema, type Db } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { COOLING_OFF_DAYS, coolingOffEndsOn } from "@pinjaman/domain/disbursal";
import { flatInterest } from "@pinjaman/domain/schedule";
import { SANDBOX_CHANNEL_CODES } from "@pinjaman/domain/virtual-accounts";
import { asc, eq } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { DEFAULT_PLATFORM_FEE_PPM } from "../../config.ts";
import { sandboxInsurer } from "../../integrations/insurer/sandbox-insurer.ts";
import { sandboxBank } from "../../integrations/bank/sandbox-bank.ts";
import type { JobIntegrations } from "../../jobs/job-definition.ts";
import { gradeOf } from "../account-applications/automatic-decision.ts";
import { recordTransition, SYSTEM } from "../account-applications/status-transitions.ts";
import { invest } from "../funding/investment-service.ts";
import { virtualAccountsOf } from "../invoices/virtual-accounts.ts";
import { startDueDisbursals } from "./cooling-off.ts";
import { runDisbursal } from "./disbursal-run.ts";

/**
 * Loans made the way production makes them (approved application → lenders invest → fully funded
 * → cooling-off over → the sandbox bank pays): the sandbox book's seed (sandbox-book.ts) and the
 * tests of later work (repayment, late fees, the dashboard). Lenders need funds first. Sandbox and
 * tests only: the bank is the sandbox bank.
 */

export type LoanTerms = { amount: number; term: number; dailyRatePpm: number };

/** The sandbox bank paying every transfer, with the sandbox's virtual-account codes. */
export function sandboxDisbursalIntegrations(db: Db, behaviour: "succeed" | "fail" | "fail_once" = "succeed"): JobIntegrations {
  return { sandbox: true, bank: sandboxBank(db, behaviour), insurer: sandboxInsurer(), virtualAccountCodes: SANDBOX_CHANNEL_CODES, repayment: { platformFeePpm: DEFAULT_PLATFORM_FEE_PPM } };
}

/** The Jakarta instant `hh:mm` on a business date. */
export const businessInstant = (date: string, hhmm = "01:00") => new Date(`${date}T${hhmm}:00+07:00`);

/** What a salaried borrower with no other online loan declares in onboarding (risk grade B for a typical loan). */
const SALARIED_BORROWER = { monthly_income: "5m_10m", employment_type: "employee", other_platforms_count: "0", other_platforms_instalment: "none" };

/**
 * Gives a customer the bank account onboarding's `bank` step collects, so a disbursal can pay
 * them: on their profile, or on a new one (a random NIK, a salaried borrower's declared finances)
 * when they have none.
 */
export async function withBankAccount(db: Db, customerId: string, accountNumber = "1234567890", bankCode = "bca"): Promise<void> {
  const [customer] = await db.select({ name: schema.customers.name }).from(schema.customers).where(eq(schema.customers.id, customerId));
  const [profile] = await db.select({ kyc: schema.customerProfiles.kyc, fullName: schema.customerProfiles.fullName }).from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId));
  // The account is in the customer's own KTP name, as the bank step requires (issue 17 §4).
  const bank = { bank_code: bankCode, bank_account_number: accountNumber, bank_account_holder: profile?.fullName ?? customer!.name };
  if (profile) {
    await db.update(schema.customerProfiles).set({ kyc: { ...profile.kyc, ...bank } }).where(eq(schema.customerProfiles.customerId, customerId));
    return;
  }
  const nik = `3273${String(randomInt(0, 1e9)).padStart(9, "0")}${String(randomInt(0, 1e3)).padStart(3, "0")}`;
  await db.insert(schema.customerProfiles).values({ customerId, personalCode: nik, fullName: customer!.name, birthDate: "1990-01-01", kyc: { ...SALARIED_BORROWER, ...bank }, consent: {} });
}

/**
 * A borrower's initial application approved on `submittedOn` and waiting for investment, with the
 * offer's total repayment and the risk grade the borrower's declared finances earn (as an approval
 * gives it; lenders see it). Product `spl` is consumptive, `alumak` productive. The approval is
 * recorded at `approvedAt` (the funding deadline counts from it), else now.
 */
export async function approvedLoanApplication(
  db: Db,
  customerId: string,
  terms: LoanTerms,
  submittedOn = "2026-11-01",
  options: { productKey?: string; approvedAt?: Date } = {},
): Promise<{ accountId: string; applicationId: string }> {
  const [account] = await db
    .insert(schema.accounts)
    .values({ customerId, typeKey: "loan", productKey: options.productKey ?? "spl", status: "pending" })
    .returning({ id: schema.accounts.id });
  const totalRepayment = terms.amount + flatInterest(terms.amount, terms.dailyRatePpm, terms.term);
  const [application] = await db
    .insert(schema.accountApplications)
    .values({ accountId: account!.id, typeKey: "initial", status: "waiting_for_investment", ...terms, totalRepayment, submittedOn })
    .returning({ id: schema.accountApplications.id });
  const riskGrade = await gradeOf(db, application!.id, submittedOn);
  await db.update(schema.accountApplications).set({ riskGrade, approvedOn: submittedOn }).where(eq(schema.accountApplications.id, application!.id));
  const approval = { subject: "account_application", id: application!.id, from: "submitted", to: "waiting_for_investment", event: "approve", actor: SYSTEM, reason: null } as const;
  await recordTransition(db, approval, options.approvedAt);
  return { accountId: account!.id, applicationId: application!.id };
}

export type Lender = { customerId: string; investmentAccountId: string; amount: number };

/** Each lender invests their amount on `fundedOn`; the last one funds the application fully. */
export async function fundApplication(db: Db, applicationId: string, lenders: readonly Lender[], fundedOn: string): Promise<void> {
  for (const [i, lender] of lenders.entries()) {
    await invest(db, { ...lender, applicationId, idempotencyKey: `kit-${applicationId}-${i}`, businessDate: fundedOn });
  }
}

export type DisbursedLoanInput = {
  borrowerCustomerId: string;
  lenders: readonly Lender[];
  /** The amount defaults to what the lenders invest together. */
  terms: Omit<LoanTerms, "amount"> & { amount?: number };
  /** Business date the application is fully funded (default 2026-11-02); paid out COOLING_OFF_DAYS later. */
  fundedOn?: string;
  /** Or the business date it is paid out (and the schedule starts): funded COOLING_OFF_DAYS before. */
  effectiveOn?: string;
  /** The application's submission and approval date (default: the day before it is funded). */
  submittedOn?: string;
  /** The loan's product (default `spl`). */
  productKey?: string;
};

/**
 * A loan taken through the real path up to the end of its cooling-off: the borrower gets a bank
 * account if they have none, an application is approved, the lenders fund it in full (their
 * amounts must add up to `terms.amount`) and the cooling-off ends: the application is
 * in_disbursement, its disbursal pending (nothing paid, no schedule, no virtual accounts yet).
 */
export async function loanInDisbursal(db: Db, input: DisbursedLoanInput) {
  const funded = input.lenders.reduce((sum, l) => sum + l.amount, 0);
  const terms = { ...input.terms, amount: input.terms.amount ?? funded };
  if (funded !== terms.amount) throw new Error(`lenders invest ${funded}, the loan is ${terms.amount}`);
  const fundedOn = input.fundedOn ?? (input.effectiveOn ? addDays(input.effectiveOn, -COOLING_OFF_DAYS) : "2026-11-02");
  const effectiveOn = coolingOffEndsOn(fundedOn);
  const [profile] = await db.select({ kyc: schema.customerProfiles.kyc }).from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, input.borrowerCustomerId));
  if (!profile?.kyc.bank_account_number) await withBankAccount(db, input.borrowerCustomerId);
  const { accountId, applicationId } = await approvedLoanApplication(db, input.borrowerCustomerId, terms, input.submittedOn ?? addDays(fundedOn, -1), { productKey: input.productKey });
  await fundApplication(db, applicationId, input.lenders, fundedOn);
  await db.transaction((tx) => startDueDisbursals(tx as unknown as Db, effectiveOn, businessInstant(effectiveOn, "00:40")));
  const [disbursal] = await db.select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, applicationId));
  if (!disbursal) throw new Error(`application ${applicationId} did not reach disbursal (status not waiting_for_deadline?)`);
  return { accountId, applicationId, amount: terms.amount, disbursalId: disbursal.id, effectiveOn };
}

/**
 * A loan taken through the real path to `activated`: loanInDisbursal, then the sandbox bank pays.
 * Answers the loan and what disbursal made of it (schedule, virtual accounts).
 */
export async function disbursedLoan(db: Db, input: DisbursedLoanInput) {
  const { applicationId, amount, disbursalId, effectiveOn } = await loanInDisbursal(db, input);
  const outcome = await runDisbursal(db, sandboxDisbursalIntegrations(db), disbursalId, businessInstant(effectiveOn, "01:00"));
  if (outcome !== "succeeded") throw new Error(`disbursal of ${applicationId}: ${outcome}`);
  const [application] = await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
  const invoices = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId)).orderBy(asc(schema.invoices.number));
  return {
    accountId: application!.accountId,
    applicationId,
    amount,
    disbursalId,
    effectiveOn,
    maturityOn: application!.maturityOn!,
    invoices,
    virtualAccounts: await virtualAccountsOf(db, application!.accountId),
  };
}
