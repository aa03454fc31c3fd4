import { schema, type Db } from "@pinjaman/db";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { receivePayment } from "./payment-service.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";

/**
 * Payments arriving at once (decision 0004: on PostgreSQL with TEST_DATABASE_URL each call has its
 * own pooled connection; on PGlite the same calls, serialised by its one connection). Only the
 * advisory lock on the transaction id and the row lock on the loan account keep these right.
 */
const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let db: Db;
let n = 0;
beforeAll(async () => {
  t = await testApp();
  db = t.app.db;
});
afterAll(async () => {
  await t?.close();
});

/** 2 000 000 over 4 months at 0.1 %/day from 2026-01-31, three lenders. */
async function loan() {
  const lenders = [];
  for (const amount of [1_000_000, 600_000, 400_000]) lenders.push({ ...(await lenderWithFunds(db, `serentak.${++n}@contoh.co.id`, amount, "2026-01-30")), amount });
  const [b] = await db.insert(schema.customers).values({ name: "Serentak", email: `serentak.peminjam.${++n}@contoh.co.id` }).returning({ id: schema.customers.id });
  const made = await disbursedLoan(db, {
    borrowerCustomerId: b!.id,
    lenders: lenders.map((l) => ({ customerId: l.customerId, investmentAccountId: l.accountId, amount: l.amount })),
    terms: { term: 4, dailyRatePpm: 1000 },
    effectiveOn: "2026-01-31",
  });
  const va = made.virtualAccounts[0]!;
  const pay = (amount: number, id: string, businessDate = "2026-03-01") =>
    receivePayment(db, { channel: va.channel, virtualAccountNumber: va.number, amount, gatewayTransactionId: id, businessDate, source: "gateway" }, { platformFeePpm: 100_000 });
  return { ...made, pay };
}

describe(`payments at once (${POSTGRES ? "postgres" : "pglite"})`, () => {
  it("one gateway transaction sent ten times in parallel is stored and posted once", async () => {
    const l = await loan();
    const results = await Promise.all(Array.from({ length: 10 }, () => l.pay(560_000, `serentak-${l.accountId}`)));
    expect(new Set(results.map((r) => r.payment.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed).length).toBe(1);
    const stored = await db.select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `serentak-${l.accountId}`));
    expect(stored).toHaveLength(1);
    const transfers = await db.select().from(schema.ledgerTransfers).where(like(schema.ledgerTransfers.reference, `payment:${stored[0]!.id}`));
    // Received, principal, interest share, tax withheld and principal share for each of the three lenders, platform fee.
    const each = ["interest_share", "tax_withholding", "principal_share"];
    expect(transfers.map((x) => x.code).sort()).toEqual(
      ["payment_received", "platform_fee", "repayment", ...each, ...each, ...each].sort(),
    );
    const invoices = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, l.applicationId)).orderBy(asc(schema.invoices.number));
    expect(invoices.map((i) => i.status)).toEqual(["paid", "open", "open", "open"]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("two different payments of one loan in parallel both allocate, one after the other", async () => {
    const l = await loan();
    const [a, b] = await Promise.all([l.pay(560_000, `dua-a-${l.accountId}`), l.pay(560_000, `dua-b-${l.accountId}`)]);
    expect([a.payment.status, b.payment.status]).toEqual(["allocated", "allocated"]);
    expect(a.payment.principal + b.payment.principal).toBe(1_000_000);
    const invoices = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, l.applicationId)).orderBy(asc(schema.invoices.number));
    expect(invoices.map((i) => [i.status, i.paidPrincipal, i.paidInterest])).toEqual([
      ["paid", 500_000, 60_000],
      ["paid", 500_000, 60_000],
      ["open", 0, 0],
      ["open", 0, 0],
    ]);
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, l.accountId));
    expect(account!.principalBalance).toBe(1_000_000);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("payments of many loans at once, each paying its loan off, close every loan and keep the books balanced", async () => {
    const loans = [];
    for (let k = 0; k < (POSTGRES ? 6 : 3); k++) loans.push(await loan());
    // 2026-03-01, payoff 2 060 000 (invoice 1's interest billed). In either order the two close the
    // loan: 1 000 000 first pays invoices 1 and part of 2 (its interest early), leaving 1 120 000 to
    // pay off; 1 200 000 first pays invoices 1 and 2 and keeps 80 000 of credit, used by the other.
    const results = await Promise.all(loans.flatMap((l) => [l.pay(1_000_000, `banyak-1-${l.accountId}`), l.pay(1_200_000, `banyak-2-${l.accountId}`)]));
    expect(results.every((r) => r.payment.status === "allocated")).toBe(true);
    for (const l of loans) {
      const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, l.accountId));
      expect([account!.status, account!.principalBalance]).toEqual(["closed", 0]);
      const credit = results.filter((r) => r.payment.accountId === l.accountId).find((r) => r.payment.accountStatus === "closed")!.payment.credit;
      expect(credit).toBe(80_000);
    }
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
