import { schema } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { approvedApplication, lenderWithFunds } from "./funding-fixtures.ts";
import { invest } from "./investment-service.ts";

/**
 * Many lenders investing at once (decision 0004: with TEST_DATABASE_URL on PostgreSQL, each
 * investment in its own pooled connection; on PGlite the same scenario, smaller, one at a time).
 * Demand is far above what the applications need and each lender asks for more than their
 * balance holds, so only the row lock and the ledger's limit keep the books right.
 */
const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const LENDERS = POSTGRES ? 200 : 20;
const APPLICATIONS = POSTGRES ? 5 : 2;
const APPLICATION_AMOUNT = POSTGRES ? 8_000_000 : 1_500_000;
const DEPOSIT = 500_000;
const TODAY = "2026-11-24";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`${LENDERS} lenders investing at once in ${APPLICATIONS} applications (${POSTGRES ? "postgres" : "pglite"})`, () => {
  it("never over-funds, never overspends a balance, and reserves exactly what the investments hold", async () => {
    const db = t.app.db;
    const applications: string[] = [];
    for (let a = 0; a < APPLICATIONS; a++) applications.push((await approvedApplication(db, `serbu.peminjam.${a}@contoh.co.id`, APPLICATION_AMOUNT)).applicationId);
    const lenders = [];
    for (let l = 0; l < LENDERS; l++) lenders.push(await lenderWithFunds(db, `serbu.pemodal.${l}@contoh.co.id`, DEPOSIT, TODAY));

    // Each lender asks twice at once, in two applications, 100k to 500k each: 200k-1m against a 500k balance.
    const requests = lenders.flatMap((lender, l) =>
      [0, 1].map((k) => ({
        customerId: lender.customerId,
        investmentAccountId: lender.accountId,
        applicationId: applications[(l + k) % APPLICATIONS]!,
        amount: 100_000 * (1 + ((l + 2 * k) % 5)),
        idempotencyKey: `serbu-${l}-${k}`,
        businessDate: TODAY,
      })),
    );
    const outcomes = await Promise.all(
      requests.map((input) =>
        invest(db, input).then(
          () => "invested",
          (error: unknown) => {
            if (error instanceof FieldErrors && error.status === 422) return Object.values(error.fields)[0]![0]!;
            throw error;
          },
        ),
      ),
    );
    const refusals = new Set(outcomes.filter((o) => o !== "invested"));
    for (const refusal of refusals) {
      expect([
        "Nominal melebihi sisa kebutuhan pendanaan pengajuan ini.",
        "Saldo tersedia di rekening investasi Anda tidak mencukupi.",
        "Pengajuan ini tidak sedang menunggu pendanaan.",
      ]).toContain(refusal);
    }
    expect(outcomes.filter((o) => o === "invested").length).toBeGreaterThan(0);

    const rows = await db.select().from(schema.investments).where(inArray(schema.investments.accountApplicationId, applications));
    expect(rows.length).toBe(outcomes.filter((o) => o === "invested").length);
    for (const applicationId of applications) {
      const mine = rows.filter((r) => r.accountApplicationId === applicationId);
      const funded = mine.reduce((sum, r) => sum + r.amount, 0);
      expect(funded).toBeLessThanOrEqual(APPLICATION_AMOUNT);
      const [application] = await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
      expect(application!.status).toBe(funded === APPLICATION_AMOUNT ? "waiting_for_deadline" : "waiting_for_investment");
      // The pending reservations of the application's investments hold exactly their amounts.
      const reserved = (await db.execute(sql`
        select coalesce(sum(t.amount), 0)::bigint as reserved
        from ledger_transfers t join investments i on i.reservation_transfer_id = t.id
        where i.account_application_id = ${applicationId} and t.mode = 'pending'
          and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)`)) as unknown as { rows: { reserved: string | number }[] };
      expect(Number(reserved.rows[0]!.reserved)).toBe(funded);
    }
    for (const lender of lenders) {
      const funds = await findLedgerAccount(db, "lender_funds", { customerId: lender.customerId, accountId: lender.accountId });
      const balance = balanceOf("lender_funds", funds!);
      const invested = rows.filter((r) => r.investmentAccountId === lender.accountId).reduce((sum, r) => sum + r.amount, 0);
      expect(balance.available).toBeGreaterThanOrEqual(0);
      expect([balance.pendingOut, balance.available]).toEqual([invested, DEPOSIT - invested]);
    }
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  }, 240_000);
});
