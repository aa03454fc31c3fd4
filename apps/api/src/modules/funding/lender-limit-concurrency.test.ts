import { schema } from "@pinjaman/db";
import { placementLimit } from "@pinjaman/domain/lender-limits";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { approvedApplication, lenderWithFunds } from "./funding-fixtures.ts";
import { invest } from "./investment-service.ts";

/**
 * One lender's investments racing past their OJK placement limit (decision 0022): each request
 * locks a different application row, so only the lock of the lender's profile row in
 * `funding_invest` makes them queue. With TEST_DATABASE_URL each runs in its own pooled
 * connection on PostgreSQL; on PGlite the same scenario runs one at a time.
 */
const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const REQUESTS = POSTGRES ? 40 : 8;
const AMOUNT = 1_000_000;
/** Income Rp55 million: limit Rp5,500,000, so five investments of Rp1,000,000 fit and the sixth does not. */
const INCOME = 55_000_000;
const TODAY = "2026-11-24";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`${REQUESTS} investments of one lender at once, each in its own application (${POSTGRES ? "postgres" : "pglite"})`, () => {
  it("never places more than the limit together", async () => {
    const db = t.app.db;
    const lender = await lenderWithFunds(db, "serbu.batas@contoh.co.id", REQUESTS * AMOUNT, TODAY, INCOME);
    const applications: string[] = [];
    for (let a = 0; a < REQUESTS; a++) applications.push((await approvedApplication(db, `serbu.batas.peminjam.${a}@contoh.co.id`, 2_000_000)).applicationId);

    const outcomes = await Promise.all(
      applications.map((applicationId, i) =>
        invest(db, { customerId: lender.customerId, investmentAccountId: lender.accountId, applicationId, amount: AMOUNT, idempotencyKey: `serbu-batas-${i}`, businessDate: TODAY }).then(
          () => "invested",
          (error: unknown) => {
            if (error instanceof FieldErrors && error.status === 422) return Object.values(error.fields)[0]![0]!;
            throw error;
          },
        ),
      ),
    );
    const fits = Math.floor(placementLimit(INCOME) / AMOUNT);
    expect(outcomes.filter((o) => o === "invested").length).toBe(fits);
    for (const refusal of outcomes.filter((o) => o !== "invested")) {
      expect(refusal).toBe("Nominal melebihi batas penempatan dana Anda sesuai ketentuan OJK. Sisa batas Anda Rp 500.000.");
    }
    const rows = await db.select().from(schema.investments).where(eq(schema.investments.customerId, lender.customerId));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(fits * AMOUNT);
    const { rows: placed } = (await db.execute(sql`select lender_placed_amount(${lender.customerId}::uuid)::text as placed`)) as unknown as { rows: { placed: string }[] };
    expect(Number(placed[0]!.placed)).toBe(fits * AMOUNT);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
