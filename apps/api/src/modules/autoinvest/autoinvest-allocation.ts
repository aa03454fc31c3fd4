import { schema, type Db } from "@pinjaman/db";
import { platformSettings } from "../settings/company-settings.ts";
import { allocateRoundRobin, autoinvestKey, autoinvestShare, lenderBudget, matchesRules } from "@pinjaman/domain/autoinvest";
import { balanceOf, ZERO_TOTALS } from "@pinjaman/domain/ledger";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { invest } from "../funding/investment-service.ts";
import { rulesOf } from "./autoinvest-settings.ts";

const { accountApplications, accounts, autoinvestAllocations, autoinvestSettings, investments, ledgerAccounts } = schema;

export type ApplicationAllocation = { applicationId: string; amount: number; lenders: number; refused: number };

/** The application locked (`FOR UPDATE`, as an investment locks it), with what rules match on and its borrower. */
async function lockedApplication(tx: Db, applicationId: string) {
  const [row] = await tx
    .select({ amount: accountApplications.amount, status: accountApplications.status, term: accountApplications.term, riskGrade: accountApplications.riskGrade, productKey: accounts.productKey, borrower: accounts.customerId })
    .from(accountApplications)
    .innerJoin(accounts, eq(accounts.id, accountApplications.accountId))
    .where(eq(accountApplications.id, applicationId))
    .for("update", { of: accountApplications });
  return row;
}

/**
 * The enabled lenders other than the borrower, in rotation order (least recently served first),
 * with their available balance and what they hold (pending and settled) in this borrower's applications.
 */
async function enabledLenders(tx: Db, borrower: string) {
  const held = tx
    .select({ investmentAccountId: investments.investmentAccountId, amount: sql<string>`sum(${investments.amount})`.as("held_amount") })
    .from(investments)
    .innerJoin(accountApplications, eq(accountApplications.id, investments.accountApplicationId))
    .innerJoin(accounts, eq(accounts.id, accountApplications.accountId))
    .where(and(eq(accounts.customerId, borrower), inArray(investments.status, ["pending", "settled"])))
    .groupBy(investments.investmentAccountId)
    .as("held");
  return tx
    .select({ settings: autoinvestSettings, funds: ledgerAccounts, held: held.amount })
    .from(autoinvestSettings)
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.kind, "lender_funds"), eq(ledgerAccounts.accountId, autoinvestSettings.investmentAccountId)))
    .leftJoin(held, eq(held.investmentAccountId, autoinvestSettings.investmentAccountId))
    .where(and(eq(autoinvestSettings.enabled, true), ne(autoinvestSettings.customerId, borrower)))
    .orderBy(sql`${autoinvestSettings.lastServed} asc nulls first`, asc(autoinvestSettings.investmentAccountId));
}

/**
 * Puts the served lenders at the back of the rotation, in the order they received their last step;
 * their rows locked in id order first, as concurrent allocations then lock them (no deadlock).
 */
async function rotate(tx: Db, served: readonly string[]): Promise<void> {
  if (served.length === 0) return;
  const ids = `{${served.join(",")}}`;
  await tx.execute(sql`select 1 from autoinvest_settings where investment_account_id = any(${ids}::uuid[]) order by investment_account_id for update`);
  await tx.execute(sql`
    with positions as (select nextval('autoinvest_served_seq') as position, n from generate_series(1, ${served.length}::int) as n),
         lenders as (select id, n from unnest(${ids}::uuid[]) with ordinality as u(id, n))
    update autoinvest_settings set last_served = positions.position
    from lenders join positions using (n)
    where autoinvest_settings.investment_account_id = lenders.id`);
}

/**
 * Allocates one application across the autoinvesting lenders whose rules match it, once (decision
 * 0021), in its own transaction: lock the application, stop if it is no longer waiting for
 * investment or already allocated, split its autoinvest share round robin (allocateRoundRobin),
 * invest each lender's part through `invest()` (the one investment path, with its balance, amount
 * and OJK checks) under the key `autoinvest:<application>`, each in a savepoint so that a refused
 * lender is skipped and the others go on, rotate the served, and record the allocation. Answers
 * null when there was nothing to do.
 */
export async function allocateApplication(db: Db, applicationId: string, businessDate: string): Promise<ApplicationAllocation | null> {
  const { autoinvest_share_ppm: sharePpm } = await platformSettings(db);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const application = await lockedApplication(tx, applicationId);
    if (application?.status !== "waiting_for_investment") return null;
    const [done] = await tx.select({ id: autoinvestAllocations.accountApplicationId }).from(autoinvestAllocations).where(eq(autoinvestAllocations.accountApplicationId, applicationId));
    if (done) return null;
    const funded = Number(((await tx.execute(sql`select application_funded_amount(${applicationId}::uuid) as funded`)) as unknown as { rows: { funded: string }[] }).rows[0]!.funded);
    const lenders = (await enabledLenders(tx, application.borrower)).filter((l) => matchesRules(rulesOf(l.settings), application));
    const plan = allocateRoundRobin(
      autoinvestShare(application.amount, funded, sharePpm),
      lenders.map((l) => ({ id: l.settings.investmentAccountId, budget: lenderBudget(rulesOf(l.settings), balanceOf("lender_funds", l.funds ?? ZERO_TOTALS).available, Number(l.held ?? 0)) })),
    );
    const owners = new Map(lenders.map((l) => [l.settings.investmentAccountId, l.settings.customerId]));
    const placed = new Set<string>();
    // In account id order: concurrent allocations take the lenders' funds accounts in one order (no deadlock).
    for (const part of [...plan].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const invested = await tx
        .transaction((sp) =>
          invest(sp as unknown as Db, {
            customerId: owners.get(part.id)!,
            investmentAccountId: part.id,
            applicationId,
            amount: part.amount,
            idempotencyKey: autoinvestKey(applicationId),
            businessDate,
          }),
        )
        .then(
          () => true,
          (error: unknown) => {
            // Any refusal of this lender (balance moved, OJK limit, key already used): skip them here.
            if (error instanceof FieldErrors || error instanceof Refusal) return false;
            throw error;
          },
        );
      if (invested) placed.add(part.id);
    }
    const served = plan.filter((part) => placed.has(part.id));
    const amount = served.reduce((sum, part) => sum + part.amount, 0);
    await rotate(tx, served.map((part) => part.id));
    await tx.insert(autoinvestAllocations).values({ accountApplicationId: applicationId, amount, lenders: served.length });
    return { applicationId, amount, lenders: served.length, refused: plan.length - served.length };
  });
}

/** Every application waiting for investment that autoinvest has not allocated, oldest approval first, one after another. */
export async function allocateOpenApplications(db: Db, businessDate: string): Promise<ApplicationAllocation[]> {
  const open = await db
    .select({ id: accountApplications.id })
    .from(accountApplications)
    .leftJoin(autoinvestAllocations, eq(autoinvestAllocations.accountApplicationId, accountApplications.id))
    .where(and(eq(accountApplications.status, "waiting_for_investment"), isNull(autoinvestAllocations.accountApplicationId)))
    .orderBy(asc(accountApplications.approvedOn), asc(accountApplications.createdAt), asc(accountApplications.id));
  const done: ApplicationAllocation[] = [];
  for (const { id } of open) {
    const allocation = await allocateApplication(db, id, businessDate);
    if (allocation) done.push(allocation);
  }
  return done;
}
