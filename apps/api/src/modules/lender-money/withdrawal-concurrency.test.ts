import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { lastCode } from "../authentication/auth-test-kit.ts";
import { withBankAccount } from "../disbursal/sandbox-loans.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";

/**
 * Withdrawals racing for one balance (decision 0004: with TEST_DATABASE_URL on PostgreSQL, each
 * request in its own pooled connection; on PGlite the same scenario, serialised by its one
 * connection). Only the account's row lock and the ledger's limit keep the balance from going below 0.
 */
const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const BALANCE = 2_000_000;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe(`withdrawals at once (${POSTGRES ? "postgres" : "pglite"})`, () => {
  it("two withdrawals of the whole balance: one is reserved, the other refused; a double click withdraws once", async () => {
    const db = t.app.db;
    const lender = await lenderWithFunds(db, "serbu.tarik@contoh.co.id", BALANCE, "2026-11-24");
    await withBankAccount(db, lender.customerId, "7700112233");
    const who: TestSession = await sessionFor(db, "serbu.tarik@contoh.co.id");
    const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.id, lender.customerId));
    const post = (path: string, data: unknown) => t.app.inject({ method: "POST", url: `/app_api/v1/accounts/${lender.accountId}/${path}`, headers: who.headers, payload: { data } as object });
    const codes = [];
    for (let i = 0; i < 2; i++) {
      const res = await post("withdrawals/code", { amount: BALANCE });
      codes.push({ signature_id: res.json().data.signature_id as string, code: await lastCode(db, customer!.phone ?? customer!.email) });
    }
    const requests = [
      { amount: BALANCE, idempotency_key: "serbu-tarik-a", ...codes[0]! },
      { amount: BALANCE, idempotency_key: "serbu-tarik-a", ...codes[0]! },
      { amount: BALANCE, idempotency_key: "serbu-tarik-b", ...codes[1]! },
    ];
    const results = await Promise.all(requests.map((data) => post("withdrawals", data)));
    const statuses = results.map((r) => r.statusCode);
    // The double click (key a) answers one withdrawal twice; of a and b only the first to lock the account reserves.
    // Both clicks of a answer its withdrawal (201 and 200, or a refusal of a and b's 201 never both).
    const answers = JSON.stringify(results.map((r) => [r.statusCode, r.json()]));
    const ids = new Set(results.filter((r) => r.statusCode < 300).map((r) => r.json().data.id as string));
    expect(ids.size, answers).toBe(1);
    expect(statuses.filter((s) => s === 201), answers).toHaveLength(1);
    expect(statuses.every((s) => [200, 201, 422].includes(s)), answers).toBe(true);
    expect([statuses[0]! < 300, statuses[1]! < 300], answers).toEqual(statuses[2] === 201 ? [false, false] : [true, true]);
    expect(results.filter((r) => r.statusCode === 422).map((r) => r.json().error.fields)).toEqual(
      statuses.filter((s) => s === 422).map(() => ({ amount: ["Nominal melebihi saldo tersedia di rekening investasi Anda."] })),
    );
    const rows = await db.select().from(schema.withdrawals).where(eq(schema.withdrawals.accountId, lender.accountId));
    expect(rows.map((r) => [r.amount, r.status])).toEqual([[BALANCE, "succeeded"]]);
    const balance = (await t.app.inject({ method: "GET", url: `/app_api/v1/accounts/${lender.accountId}/balance`, headers: who.headers })).json().data;
    expect(balance).toMatchObject({ available: 0, reserved: 0 });
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
