import { schema } from "@pinjaman/db";
import { autoinvestShare } from "@pinjaman/domain/autoinvest";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { approvedApplication } from "../funding/funding-fixtures.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { allocateOpenApplications } from "./autoinvest-allocation.ts";
import { autoinvestingLender } from "./autoinvest-fixtures.ts";

/**
 * Several workers allocating at once (decision 0004: with TEST_DATABASE_URL on PostgreSQL, each
 * worker's statements on pooled connections; on PGlite the same scenario, smaller). Each
 * application must be allocated once: one allocation row, one investment per lender, the
 * autoinvest share and no more, balances and the ledger sound.
 */
const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const LENDERS = POSTGRES ? 100 : 12;
const APPLICATIONS = POSTGRES ? 8 : 3;
const WORKERS = 4;
const APPLICATION_AMOUNT = 5_000_000;
const DEPOSIT = 3_000_000;
const TODAY = "2026-11-24";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`${WORKERS} workers allocating ${APPLICATIONS} applications over ${LENDERS} lenders at once (${POSTGRES ? "postgres" : "pglite"})`, () => {
  it("allocates each application once, within its share, each lender once per application, books sound", async () => {
    const db = t.app.db;
    const lenders = [];
    for (let l = 0; l < LENDERS; l++) lenders.push(await autoinvestingLender(db, `serentak.pemodal.${l}@contoh.co.id`, DEPOSIT, TODAY, { amount_per_loan: 300_000 }));
    const applications: string[] = [];
    for (let a = 0; a < APPLICATIONS; a++) applications.push((await approvedApplication(db, `serentak.peminjam.${a}@contoh.co.id`, APPLICATION_AMOUNT)).applicationId);

    const runs = await Promise.all(Array.from({ length: WORKERS }, () => allocateOpenApplications(db, TODAY)));
    const allocated = runs.flat().filter((a) => applications.includes(a.applicationId));
    expect(allocated.map((a) => a.applicationId).sort()).toEqual([...applications].sort());

    const rows = await db
      .select()
      .from(schema.investments)
      .where(and(inArray(schema.investments.accountApplicationId, applications), like(schema.investments.idempotencyKey, "autoinvest:%")));
    const records = await db.select().from(schema.autoinvestAllocations).where(inArray(schema.autoinvestAllocations.accountApplicationId, applications));
    expect(records).toHaveLength(APPLICATIONS);
    const capacity = LENDERS * 300_000;
    for (const applicationId of applications) {
      const mine = rows.filter((r) => r.accountApplicationId === applicationId);
      const total = mine.reduce((sum, r) => sum + r.amount, 0);
      expect(total).toBe(Math.min(autoinvestShare(APPLICATION_AMOUNT, 0), capacity));
      expect(records.find((r) => r.accountApplicationId === applicationId)).toMatchObject({ amount: total, lenders: mine.length });
      expect(new Set(mine.map((r) => r.investmentAccountId)).size).toBe(mine.length);
      const amounts = mine.map((r) => r.amount);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(100_000);
      const [application] = await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
      expect(application!.status).toBe("waiting_for_investment");
    }
    for (const lender of lenders) {
      const funds = await findLedgerAccount(db, "lender_funds", { customerId: lender.customerId, accountId: lender.accountId });
      const invested = rows.filter((r) => r.investmentAccountId === lender.accountId).reduce((sum, r) => sum + r.amount, 0);
      expect(balanceOf("lender_funds", funds!)).toMatchObject({ pendingOut: invested, available: DEPOSIT - invested });
    }
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  }, 240_000);
});
