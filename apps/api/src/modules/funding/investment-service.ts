import { schema, type Db } from "@pinjaman/db";
import { investmentAmountProblem, remainingAmount } from "@pinjaman/domain/funding";
import type { InvestmentStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { and, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { recordTransition, SYSTEM, transitionApplication, type Actor } from "../account-applications/status-transitions.ts";
import { createTransfers, LedgerRefusal, openLedgerAccount } from "../ledger/ledger-service.ts";
import { ownInvestmentAccount } from "../ledger/lender-funds.ts";
import "@pinjaman/i18n/ns/account";

const { investments } = schema;

export type Investment = typeof investments.$inferSelect;

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

/** Sum of pending and settled investments of one application (canceled ones hold nothing). */
async function fundedAmount(tx: Db, applicationId: string): Promise<number> {
  const result = (await tx.execute(
    sql`select coalesce(sum(amount), 0)::bigint as funded from investments where account_application_id = ${applicationId} and status in ('pending', 'settled')`,
  )) as unknown as { rows: { funded: string | number }[] };
  return Number(result.rows[0]!.funded);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Amount, funded and remaining of an application, whatever its status (404 when unknown). */
export async function applicationFunding(db: Db, applicationId: string): Promise<Funding> {
  const [application] = !UUID.test(applicationId)
    ? []
    : await db.select({ amount: schema.accountApplications.amount }).from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
  if (!application) throw new Refusal(404, "account_application_not_found", t("account.investment.application_not_found"));
  const funded = await fundedAmount(db, applicationId);
  return { amount: application.amount, funded, remaining: remainingAmount(application.amount, funded) };
}

const field = (key: string) => new FieldErrors({ amount: [t(`account.investment.${key}`)] }, 422);

/**
 * A lender invests in an application waiting for investment: in one transaction the application
 * row is locked (`FOR UPDATE`, so concurrent investments in it queue and each sees what the
 * others reserved), the amount is checked against the rules and what remains, the investment is
 * created `pending`, and its amount is reserved by a pending ledger transfer lender_funds →
 * lender_investment (decision 0009; the ledger refuses more than the available balance in the
 * statement that posts). The investment that completes the amount moves the application `fund`
 * (→ waiting_for_deadline, actor system) and records the business date as `funded_on`. The
 * same key on the same account answers the stored investment (`replayed`) and reserves nothing.
 */
export async function invest(db: Db, input: InvestInput): Promise<{ investment: Investment; funding: Funding; replayed: boolean }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await ownInvestmentAccount(tx, input.customerId, input.investmentAccountId);
    // The lender's own ledger account is opened before the application's lock: every statement
    // after the lock is time the other lenders of this application wait (bench/investments).
    const funds = await openLedgerAccount(tx, "lender_funds", { customerId: input.customerId, accountId: input.investmentAccountId });
    const locked = (await tx.execute(
      sql`select status, amount, account_id from account_applications where id = ${input.applicationId} for update`,
    )) as unknown as { rows: { status: string; amount: string | number; account_id: string }[] };
    const application = locked.rows[0];
    if (!application) throw new Refusal(404, "account_application_not_found", t("account.investment.application_not_found"));
    const total = Number(application.amount);

    const [earlier] = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.investmentAccountId, input.investmentAccountId), eq(investments.idempotencyKey, input.idempotencyKey)));
    if (earlier) {
      if (earlier.accountApplicationId !== input.applicationId || earlier.amount !== input.amount) {
        throw new FieldErrors({ idempotency_key: [t("account.investment.key_reused")] }, 409);
      }
      const funded = await fundedAmount(tx, input.applicationId);
      return { investment: earlier, funding: { amount: total, funded, remaining: remainingAmount(total, funded) }, replayed: true };
    }

    if (application.status !== "waiting_for_investment") {
      throw new FieldErrors({ account_application_id: [t("account.investment.application_not_open")] }, 422);
    }
    const fundedBefore = await fundedAmount(tx, input.applicationId);
    const problem = investmentAmountProblem(input.amount, remainingAmount(total, fundedBefore));
    if (problem) throw field(problem);

    const id = randomUUID();
    await tx.insert(investments).values({
      id,
      investmentAccountId: input.investmentAccountId,
      customerId: input.customerId,
      accountApplicationId: input.applicationId,
      amount: input.amount,
      status: "pending",
      idempotencyKey: input.idempotencyKey,
    });
    const share = await openLedgerAccount(tx, "lender_investment", { customerId: input.customerId, accountId: application.account_id, investmentId: id });
    const [reservation] = await createTransfers(tx, [
      {
        mode: "pending",
        debitAccountId: funds.id,
        creditAccountId: share.id,
        amount: input.amount,
        code: "reservation",
        idempotencyKey: `reservation:${id}`,
        businessDate: input.businessDate,
        reference: `investment:${id}`,
      },
    ]).catch((error: unknown) => {
      if (error instanceof LedgerRefusal && error.code === "exceeds_credits") throw field("insufficient_funds");
      throw error;
    });
    const [investment] = await tx.update(investments).set({ reservationTransferId: reservation!.id }).where(eq(investments.id, id)).returning();
    await recordTransition(tx, { subject: "investment", id, from: null, to: "pending", event: "invest", actor: { kind: "customer", id: input.customerId }, reason: null });

    const funded = fundedBefore + input.amount;
    if (funded === total) {
      await transitionApplication(tx, input.applicationId, "fund", SYSTEM, "fully funded");
      // The cooling-off is counted from this business date (decision 0015).
      await tx.update(schema.accountApplications).set({ fundedOn: input.businessDate }).where(eq(schema.accountApplications.id, input.applicationId));
    }
    return { investment: investment!, funding: { amount: total, funded, remaining: remainingAmount(total, funded) }, replayed: false };
  });
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
