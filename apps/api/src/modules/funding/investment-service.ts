import { schema, type Db } from "@pinjaman/db";
import { investmentAmountRuleProblem, remainingAmount, type InvestmentAmountProblem } from "@pinjaman/domain/funding";
import { flagsOf } from "@pinjaman/domain/ledger";
import { formatRupiah } from "@pinjaman/domain/money";
import type { InvestmentStatus } from "@pinjaman/domain/status-labels";
import { nextStatus } from "@pinjaman/domain/statuses/machine";
import { APPLICATION_MACHINE } from "@pinjaman/domain/statuses/tables";
import { t } from "@pinjaman/i18n";
import { and, eq, sql } from "drizzle-orm";
import { databaseError } from "../../plugins/database-errors.ts";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { recordTransition, SYSTEM, type Actor } from "../account-applications/status-transitions.ts";
import { createTransfers } from "../ledger/ledger-service.ts";
import { investmentAccountNotFound } from "../ledger/lender-funds.ts";
import { visibleToLender } from "./lender-visibility.ts";
import "@pinjaman/i18n/ns/account";
import "@pinjaman/i18n/ns/lender";

const { investments } = schema;

/** An investment as funding_invest answers it (`insured` is set by a trigger, decision 0024, and read where it matters). */
export type Investment = Omit<typeof investments.$inferSelect, "insured">;

/** An application's funding: its amount, what pending and settled investments hold, and the rest. */
export type Funding = { amount: number; funded: number; remaining: number };

export type InvestInput = {
  /** The lender (the caller) and their investment account. */
  customerId: string;
  investmentAccountId: string;
  applicationId: string;
  amount: number;
  /** The lender's key, scoped to the investment account. */
  idempotencyKey: string;
  businessDate: string;
};

/** What the pending and settled investments of an application hold (the database's one definition, migration 0014). */
async function fundedAmount(db: Db, applicationId: string): Promise<number> {
  const result = (await db.execute(sql`select application_funded_amount(${applicationId}::uuid) as funded`)) as unknown as { rows: { funded: string | number }[] };
  return Number(result.rows[0]!.funded);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const applicationNotFound = () => new Refusal(404, "account_application_not_found", t("account.investment.application_not_found"));

/**
 * Amount, funded and remaining of an application the lender of investment account `accountId`
 * may see (open to investment, or holding a share of theirs); 404 for any other, as when unknown.
 */
export async function applicationFunding(db: Db, accountId: string, applicationId: string): Promise<Funding> {
  const [application] = !UUID.test(applicationId)
    ? []
    : await db
        .select({ amount: schema.accountApplications.amount })
        .from(schema.accountApplications)
        .where(and(eq(schema.accountApplications.id, applicationId), visibleToLender(db, accountId)));
  if (!application) throw applicationNotFound();
  const funded = await fundedAmount(db, applicationId);
  return { amount: application.amount, funded, remaining: remainingAmount(application.amount, funded) };
}

const field = (key: string) => new FieldErrors({ amount: [t(`account.investment.${key}`)] }, 422);

/** Where APPLICATION_MACHINE's `fund` takes the application waiting for investment. */
const FUNDED_STATUS = nextStatus(APPLICATION_MACHINE, "waiting_for_investment", "fund")!;
/** The share account's balance limits (LEDGER_ACCOUNT_KINDS), as openLedgerAccount would open it. */
const SHARE_FLAGS = flagsOf("lender_investment");

/** One row of `funding_invest`: the outcome, and with created or replayed the investment and funding. */
type InvestRow = {
  outcome: "created" | "replayed" | "account_not_found" | "application_not_found" | "key_reused" | "application_not_open" | InvestmentAmountProblem | "insufficient_funds";
  investment_id: string | null;
  investment_status: InvestmentStatus | null;
  reservation_transfer_id: string | null;
  investment_created_at: Date | string | null;
  application_amount: string | number | null;
  funded: string | number | null;
};

/** SQLSTATE of `funding_invest`'s lender refusals (migration 0020, decision 0022). */
export const LENDER_LIMIT_SQLSTATE = "PJ002";

/**
 * The 422 for a lender refusal raised by `funding_invest`: not registered as a lender, or the
 * amount above what the OJK placement limit still allows (the message names that headroom).
 * Null for any other error.
 */
export function lenderLimitRefusal(error: unknown): FieldErrors | null {
  const raised = databaseError(error, LENDER_LIMIT_SQLSTATE);
  if (!raised || typeof raised.message !== "string") return null;
  if (raised.message === "lender_profile_missing") return new FieldErrors({ amount: [t("lender.invest.profile_missing")] }, 422);
  const headroom = /^above_placement_limit:(\d+)$/.exec(raised.message);
  if (!headroom) return null;
  return new FieldErrors({ amount: [t("lender.invest.above_placement_limit", { headroom: formatRupiah(Number(headroom[1])) })] }, 422);
}

/**
 * A lender invests in an application waiting for investment, in one statement: the database
 * function `funding_invest` (migration 0014, decisions 0014 and 0019) checks the investment
 * account is the caller's, locks the application row (`FOR UPDATE`, so concurrent investments in
 * it queue and each sees what the others reserved), answers a known key, checks the status and
 * the amount against what remains, creates the investment `pending`, opens its share account,
 * reserves the amount by a pending ledger transfer lender_funds → lender_investment through the
 * ledger's own posting function (its limit refuses more than the available balance), records the
 * transition, and with the investment that completes the amount moves the application `fund`
 * (→ waiting_for_deadline, actor system) with the business date as `funded_on`. Since migration
 * 0018 it also locks the lender's profile and refuses (SQLSTATE PJ002, answered 422 by
 * `lenderLimitRefusal`) a customer who is not a registered lender or an amount above their OJK
 * placement limit (decision 0022). A refusal writes
 * nothing and is answered here (404, 409, 422 with the field's message). Outside a transaction
 * the statement is its own, so the application's lock is held for no round trip at all.
 */
export async function invest(db: Db, input: InvestInput): Promise<{ investment: Investment; funding: Funding; replayed: boolean }> {
  const result = (await db.execute(sql`select * from funding_invest(
    ${input.customerId}::uuid, ${input.investmentAccountId}::uuid, ${input.applicationId}::uuid, ${input.amount}::bigint, ${input.idempotencyKey},
    ${input.businessDate}::date, ${investmentAmountRuleProblem(input.amount)}::text,
    ${SHARE_FLAGS.debitsMustNotExceedCredits}::boolean, ${SHARE_FLAGS.creditsMustNotExceedDebits}::boolean, ${FUNDED_STATUS})`).catch((error: unknown) => {
    throw lenderLimitRefusal(error) ?? error;
  })) as unknown as { rows: InvestRow[] };
  const row = result.rows[0]!;
  switch (row.outcome) {
    case "created":
    case "replayed": {
      const amount = Number(row.application_amount);
      const funded = Number(row.funded);
      const investment: Investment = {
        id: row.investment_id!,
        investmentAccountId: input.investmentAccountId,
        customerId: input.customerId,
        accountApplicationId: input.applicationId,
        amount: input.amount,
        status: row.investment_status!,
        reservationTransferId: row.reservation_transfer_id,
        idempotencyKey: input.idempotencyKey,
        createdAt: new Date(row.investment_created_at!),
      };
      return { investment, funding: { amount, funded, remaining: remainingAmount(amount, funded) }, replayed: row.outcome === "replayed" };
    }
    case "account_not_found":
      throw investmentAccountNotFound();
    case "application_not_found":
      throw applicationNotFound();
    case "key_reused":
      throw new FieldErrors({ idempotency_key: [t("account.investment.key_reused")] }, 409);
    case "application_not_open":
      throw new FieldErrors({ account_application_id: [t("account.investment.application_not_open")] }, 422);
    default:
      throw field(row.outcome);
  }
}

/**
 * Resolves every pending investment of an application in one ledger batch: `void_pending` (the
 * reservation returns to the lender; investment → canceled) or `post_pending` (the money moves
 * to the lender's share; investment → settled). Call inside the transaction that moves the
 * application. Answers the investments resolved.
 */
async function resolvePendingInvestments(
  tx: Db,
  applicationId: string,
  how: { mode: "void_pending" | "post_pending"; to: InvestmentStatus; event: "cancel" | "settle" },
  businessDate: string,
  actor: Actor,
  reason: string | null,
): Promise<Investment[]> {
  const rows = await tx
    .select()
    .from(investments)
    .where(and(eq(investments.accountApplicationId, applicationId), eq(investments.status, "pending")))
    .orderBy(investments.id)
    .for("update");
  if (rows.length === 0) return [];
  await createTransfers(
    tx,
    rows.map((row) => {
      const reservation = row.reservationTransferId!;
      return {
        mode: how.mode,
        pendingId: reservation,
        code: how.mode === "post_pending" ? ("disbursal" as const) : ("reservation" as const),
        idempotencyKey: `${how.mode}:${reservation}`,
        businessDate,
        reference: `investment:${row.id}`,
      };
    }),
  );
  const moved = await tx
    .update(investments)
    .set({ status: how.to })
    .where(and(eq(investments.accountApplicationId, applicationId), eq(investments.status, "pending")))
    .returning();
  for (const row of moved) await recordTransition(tx, { subject: "investment", id: row.id, from: "pending", to: how.to, event: how.event, actor, reason });
  return moved;
}

/** Cancellation, expiry or a withdrawn approval: every reservation voided, investments canceled. */
export function cancelInvestments(tx: Db, applicationId: string, businessDate: string, actor: Actor, reason: string | null): Promise<Investment[]> {
  return resolvePendingInvestments(tx, applicationId, { mode: "void_pending", to: "canceled", event: "cancel" }, businessDate, actor, reason);
}

/**
 * Disbursal: every reservation posted in full (lender_funds → lender_investment), investments
 * settled. Call in the disbursal's transaction, with its own transfers (loan_receivable →
 * bank_escrow) in the same transaction.
 */
export function settleInvestments(tx: Db, applicationId: string, businessDate: string): Promise<Investment[]> {
  return resolvePendingInvestments(tx, applicationId, { mode: "post_pending", to: "settled", event: "settle" }, businessDate, SYSTEM, "disbursed");
}
