import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { Refusal } from "../../plugins/errors.ts";
import { receivePayment, type IncomingPayment } from "./payment-service.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";

const FEE = { platformFeePpm: 100_000 };
let t: TestApp;
let db: Db;
let seq = 0;
beforeAll(async () => {
  t = await testApp();
  db = t.app.db;
});
afterAll(async () => {
  await t?.close();
});

async function borrower(): Promise<string> {
  const [c] = await db.insert(schema.customers).values({ name: "Peminjam", email: `peminjam.${++seq}@contoh.co.id` }).returning({ id: schema.customers.id });
  return c!.id;
}

/** 2 000 000 over 4 months at 0.1 %/day from 2026-01-31: 4 × (500 000 + 60 000), two lenders 1.2 m and 0.8 m. */
async function loan() {
  const a = await lenderWithFunds(db, `pemodal.a.${++seq}@contoh.co.id`, 1_200_000, "2026-01-30");
  const b = await lenderWithFunds(db, `pemodal.b.${++seq}@contoh.co.id`, 800_000, "2026-01-30");
  const borrowerId = await borrower();
  const made = await disbursedLoan(db, {
    borrowerCustomerId: borrowerId,
    lenders: [
      { customerId: a.customerId, investmentAccountId: a.accountId, amount: 1_200_000 },
      { customerId: b.customerId, investmentAccountId: b.accountId, amount: 800_000 },
    ],
    terms: { term: 4, dailyRatePpm: 1000 },
    effectiveOn: "2026-01-31",
  });
  const bca = made.virtualAccounts.find((v) => v.channel === "bca_va")!;
  const pay = (amount: number, businessDate: string, id = `trx-${++seq}`) =>
    receivePayment(db, { channel: "bca_va", virtualAccountNumber: bca.number, amount, gatewayTransactionId: id, businessDate, source: "gateway" } satisfies IncomingPayment, FEE);
  return { ...made, borrowerId, lenders: [a, b], bca, pay };
}

const fundsOf = async (l: { customerId: string; accountId: string }) => balanceOf("lender_funds", (await findLedgerAccount(db, "lender_funds", l))!).available;
const invoicesOf = (applicationId: string) => db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId)).orderBy(asc(schema.invoices.number));
const transferCount = async () => (await db.select({ n: count() }).from(schema.ledgerTransfers))[0]!.n;
const statusOf = async (table: typeof schema.accounts | typeof schema.accountApplications, id: string) => (await db.select({ s: table.status }).from(table).where(eq(table.id, id)))[0]!.s;

describe("receivePayment", () => {
  it("allocates an instalment late fee → interest → principal and credits each lender's share, less the platform fee, in one go", async () => {
    const l = await loan();
    const { payment, replayed } = await l.pay(560_000, "2026-02-28");
    expect(replayed).toBe(false);
    expect(payment).toMatchObject({ status: "allocated", amount: 560_000, interest: 60_000, principal: 500_000, lateFee: 0, credit: 0, creditUsed: 0, accountStatus: "active", accountId: l.accountId });
    const [first, second] = await invoicesOf(l.applicationId);
    expect(first).toMatchObject({ status: "paid", paidOn: "2026-02-28", paidPrincipal: 500_000, paidInterest: 60_000 });
    expect(second).toMatchObject({ status: "open", paidPrincipal: 0 });
    // Lender A: 60 % → principal 300 000, interest 36 000 less 10 % fee and 15 % PPh 23 (both
    // residents); lender B: 40 %.
    expect(await fundsOf(l.lenders[0]!)).toBe(300_000 + 36_000 - 3_600 - 5_400);
    expect(await fundsOf(l.lenders[1]!)).toBe(200_000 + 24_000 - 2_400 - 3_600);
    expect(balanceOf("tax_withheld", (await findLedgerAccount(db, "tax_withheld", {}))!).posted).toBeGreaterThanOrEqual(5_400 + 3_600);
    const receivable = await findLedgerAccount(db, "loan_receivable", { customerId: l.borrowerId, accountId: l.accountId });
    expect(balanceOf("loan_receivable", receivable!).posted).toBe(1_500_000);
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, l.accountId));
    expect(account!.principalBalance).toBe(1_500_000);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("pays recorded late fees first, and keeps what exceeds the due and the next instalment as credit, used first by the next payment", async () => {
    const l = await loan();
    await db.update(schema.invoices).set({ lateFee: 7_000 }).where(and(eq(schema.invoices.accountApplicationId, l.applicationId), eq(schema.invoices.number, 1)));
    // Due: invoice 1 (567 000 with its late fee); next: invoice 2 (560 000); 1 200 000 leaves 73 000 of credit.
    const first = (await l.pay(1_200_000, "2026-03-05")).payment;
    expect(first).toMatchObject({ lateFee: 7_000, interest: 120_000, principal: 1_000_000, credit: 73_000, creditUsed: 0 });
    expect(balanceOf("borrower_credit", (await findLedgerAccount(db, "borrower_credit", { customerId: l.borrowerId, accountId: l.accountId }))!).posted).toBe(73_000);
    // The next payment uses the credit first: 487 000 + 73 000 pays invoice 3 exactly.
    const second = (await l.pay(487_000, "2026-04-30")).payment;
    expect(second).toMatchObject({ creditUsed: 73_000, credit: 0, interest: 60_000, principal: 500_000 });
    const invoices = await invoicesOf(l.applicationId);
    expect(invoices.map((i) => [i.status, i.paidLateFee])).toEqual([["paid", 7_000], ["paid", 0], ["paid", 0], ["open", 0]]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("answers a replayed gateway transaction with the stored payment and posts nothing; other content under the id is refused", async () => {
    const l = await loan();
    const first = await l.pay(100_000, "2026-02-10", "trx-replay");
    const before = await transferCount();
    const again = await l.pay(100_000, "2026-02-11", "trx-replay");
    expect(again).toEqual({ payment: first.payment, replayed: true });
    expect(await transferCount()).toBe(before);
    await expect(l.pay(200_000, "2026-02-11", "trx-replay")).rejects.toBeInstanceOf(Refusal);
    // Stored once, never changed.
    await expect(db.update(schema.payments).set({ amount: 1 }).where(eq(schema.payments.id, first.payment.id))).rejects.toThrow();
    await expect(db.delete(schema.payments).where(eq(schema.payments.id, first.payment.id))).rejects.toThrow();
  });

  it("parks an unknown virtual account, an impossible amount and a payment to a closed loan in payment suspense", async () => {
    const l = await loan();
    const suspense = async () => {
      const a = await findLedgerAccount(db, "payment_suspense");
      return a ? balanceOf("payment_suspense", a).posted : 0;
    };
    const start = await suspense();
    const unknown = await receivePayment(db, { channel: "bca_va", virtualAccountNumber: "9999999999999999", amount: 250_000, gatewayTransactionId: `trx-${++seq}`, businessDate: "2026-02-10", source: "gateway" }, FEE);
    expect(unknown.payment).toMatchObject({ status: "parked", parkedReason: "unknown_virtual_account", accountId: null, amount: 250_000 });
    const unknownChannel = await receivePayment(db, { channel: "ovo", virtualAccountNumber: l.bca.number, amount: 1_000, gatewayTransactionId: `trx-${++seq}`, businessDate: "2026-02-10", source: "gateway" }, FEE);
    expect(unknownChannel.payment.parkedReason).toBe("unknown_virtual_account");
    const zero = await l.pay(0, "2026-02-10");
    expect(zero.payment).toMatchObject({ status: "parked", parkedReason: "invalid_amount", accountId: l.accountId });
    expect(await suspense()).toBe(start + 251_000);
    // Paid off, then paid again: parked, the loan untouched.
    const payoff = await l.pay(2_240_000, "2026-02-10");
    expect(payoff.payment.accountStatus).toBe("closed");
    const late = await l.pay(560_000, "2026-02-28");
    expect(late.payment).toMatchObject({ status: "parked", parkedReason: "account_not_active" });
    // 560 000 parked, and the 220 000 of credit the payoff left (2 240 000 − 2 020 000), parked for its refund.
    expect(await suspense()).toBe(start + 811_000 + 220_000);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("parks a payment above the payoff plus the overpayment margin (a signed Rp10 trillion on a Rp2 million loan) and allocates nothing; up to the margin it pays off", async () => {
    const l = await loan();
    const suspense = async () => balanceOf("payment_suspense", (await findLedgerAccount(db, "payment_suspense"))!).posted;
    const margin = { ...FEE, overpaymentMargin: 50_000 };
    const pay = (amount: number) =>
      receivePayment(db, { channel: "bca_va", virtualAccountNumber: l.bca.number, amount, gatewayTransactionId: `trx-${++seq}`, businessDate: "2026-02-10", source: "gateway" }, margin);
    const huge = await pay(10_000_000_000_000);
    expect(huge.payment).toMatchObject({ status: "parked", parkedReason: "above_payoff", accountId: l.accountId, amount: 10_000_000_000_000, credit: 0 });
    const afterHuge = await suspense();
    // 2026-02-10: 10 days of 2 000 000 at 0.1 % = 20 000 earned, so 2 020 000 pays the loan off; the margin allows 50 000 more.
    const over = await pay(2_020_000 + 50_001);
    expect(over.payment).toMatchObject({ status: "parked", parkedReason: "above_payoff" });
    expect(await suspense()).toBe(afterHuge + 2_070_001);
    expect(await statusOf(schema.accounts, l.accountId)).toBe("active");
    expect((await invoicesOf(l.applicationId)).map((i) => [i.status, i.paidPrincipal])).toEqual([["open", 0], ["open", 0], ["open", 0], ["open", 0]]);
    const within = await pay(2_020_000 + 50_000);
    expect(within.payment).toMatchObject({ status: "allocated", principal: 2_000_000, interest: 20_000, credit: 50_000, accountStatus: "closed" });
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("closes the loan on the payoff amount: interest to date, the rest waived; account, application and investments closed, the credit left parked for its refund", async () => {
    const l = await loan();
    await l.pay(560_000, "2026-02-28");
    // 2026-03-15: 43 days of 2 000 000 at 0.1 % = 86 000 earned, 60 000 paid; principal 1 500 000 left.
    const payoff = await l.pay(1_526_000 + 1_000, "2026-03-15");
    expect(payoff.payment).toMatchObject({ principal: 1_500_000, interest: 26_000, credit: 1_000, waivedInterest: 154_000, accountStatus: "closed" });
    expect(await statusOf(schema.accounts, l.accountId)).toBe("closed");
    expect(await statusOf(schema.accountApplications, l.applicationId)).toBe("closed");
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, l.accountId));
    expect(account).toMatchObject({ closedOn: "2026-03-15", principalBalance: 0 });
    const investments = await db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, l.applicationId));
    expect(investments.map((i) => i.status)).toEqual(["closed", "closed"]);
    const invoices = await invoicesOf(l.applicationId);
    expect(invoices.every((i) => i.status === "paid")).toBe(true);
    expect(invoices.reduce((s, i) => s + i.waivedInterest, 0)).toBe(154_000);
    // Each lender got all their principal back.
    for (const inv of investments) {
      const share = await findLedgerAccount(db, "lender_investment", { customerId: inv.customerId, accountId: l.accountId, investmentId: inv.id });
      expect(balanceOf("lender_investment", share!).posted).toBe(0);
    }
    // The credit left does not stay on the closed loan: it is parked to be refunded to the borrower (closing-credit.test.ts).
    expect(balanceOf("borrower_credit", (await findLedgerAccount(db, "borrower_credit", { customerId: l.borrowerId, accountId: l.accountId }))!).posted).toBe(0);
    expect(await db.select({ amount: schema.payments.amount, reason: schema.payments.parkedReason }).from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `closing_credit:${l.accountId}`))).toEqual([{ amount: 1_000, reason: "closing_credit" }]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
