import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, desc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { sandboxBank } from "../../integrations/bank/sandbox-bank.ts";
import { businessInstant, disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { findLedgerAccount, findTransfer } from "../ledger/ledger-service.ts";
import { runCreditRefund, runDueCreditRefunds } from "../reconciliation/credit-refund-run.ts";
import { parkedPayments } from "../reconciliation/reconciliation.ts";
import { closingCreditOf } from "./closing-credit.ts";
import { receivePayment } from "./payment-service.ts";

const FEE = { platformFeePpm: 100_000 };
const log = pino({ level: "silent" });
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

async function borrower(name = "Rina Wulandari"): Promise<string> {
  const [c] = await db.insert(schema.customers).values({ name, email: `lunas.${++seq}@contoh.co.id` }).returning({ id: schema.customers.id });
  return c!.id;
}

/** 2 000 000 over 4 months at 0.1 %/day from `effectiveOn`: on 2026-02-10 (10 days after 31 January) 2 020 000 pays it off. */
async function loanOf(borrowerId: string, effectiveOn = "2026-01-31") {
  const lender = await lenderWithFunds(db, `pemodal.lunas.${++seq}@contoh.co.id`, 2_000_000, "2026-01-01");
  const made = await disbursedLoan(db, {
    borrowerCustomerId: borrowerId,
    lenders: [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: 2_000_000 }],
    terms: { term: 4, dailyRatePpm: 1000 },
    effectiveOn,
  });
  const bca = made.virtualAccounts.find((v) => v.channel === "bca_va")!;
  const pay = (amount: number, businessDate: string) =>
    receivePayment(db, { channel: "bca_va", virtualAccountNumber: bca.number, amount, gatewayTransactionId: `lunas-${++seq}`, businessDate, source: "gateway" }, FEE);
  return { ...made, pay };
}

const creditOf = async (customerId: string, accountId: string) => {
  const account = await findLedgerAccount(db, "borrower_credit", { customerId, accountId });
  return account ? balanceOf("borrower_credit", account).available : 0;
};
const noticesOf = (customerId: string) => db.select({ title: schema.customerNotices.title, body: schema.customerNotices.body }).from(schema.customerNotices).where(eq(schema.customerNotices.customerId, customerId)).orderBy(desc(schema.customerNotices.createdAt));
const closingRefundOf = async (accountId: string) => {
  const [row] = await db
    .select({ payment: schema.payments, refund: schema.paymentRefunds })
    .from(schema.payments)
    .innerJoin(schema.paymentRefunds, eq(schema.paymentRefunds.parkedPaymentId, schema.payments.id))
    .where(and(eq(schema.payments.accountId, accountId), eq(schema.payments.parkedReason, "closing_credit")));
  return row!;
};
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe("the credit left when a loan closes", () => {
  it("tells the borrower of an overpayment kept as credit on the loan and when it is used", async () => {
    const customerId = await borrower();
    const loan = await loanOf(customerId);
    // Invoice 1 (the next) is 560 000: 660 000 leaves 100 000 of credit.
    expect((await loan.pay(660_000, "2026-02-10")).payment.credit).toBe(100_000);
    expect((await noticesOf(customerId))[0]).toEqual({
      title: "Kelebihan pembayaran disimpan sebagai kredit",
      body: "Pembayaran Anda sebesar Rp 660.000 melebihi tagihan yang harus dibayar. Saldo kredit Rp 100.000 disimpan di pinjaman Anda dan dipakai otomatis untuk membayar tagihan berikutnya pada tanggal jatuh temponya, sebelum denda dihitung.",
    });
  });

  it("is refunded to the borrower's verified bank account through the bank, retried after a refusal, and shown in the back office with the parked payments", async () => {
    const customerId = await borrower();
    const loan = await loanOf(customerId);
    const closed = await loan.pay(2_020_000 + 30_000, "2026-02-10");
    expect(closed.payment).toMatchObject({ accountStatus: "closed", credit: 30_000 });
    // The credit left the loan for payment suspense, parked for its refund to the profile's account.
    expect(await creditOf(customerId, loan.accountId)).toBe(0);
    const parked = await closingRefundOf(loan.accountId);
    expect(parked.payment).toMatchObject({ status: "parked", source: "credit", amount: 30_000, gatewayTransactionId: `closing_credit:${loan.accountId}` });
    expect(parked.refund).toMatchObject({ status: "pending", amount: 30_000, bankCode: "bca", accountNumber: "1234567890", accountName: "Rina Wulandari", attempts: 0, transferReference: `refund:${parked.payment.id}` });
    expect((await noticesOf(customerId))[0]).toEqual({
      title: "Pinjaman lunas: sisa kredit Rp 30.000",
      body: "Pinjaman Anda sudah lunas. Sisa saldo kredit Rp 30.000 dikembalikan ke rekening BCA 1234567890 atas nama Rina Wulandari.",
    });

    // The bank refuses the first call (retryable): tried again 15 minutes later, not before.
    const bank = sandboxBank(db, "fail_once");
    const at = businessInstant("2026-02-10", "10:00");
    expect(await runDueCreditRefunds(db, bank, at, log)).toEqual(["retry_later"]);
    const refused = await closingRefundOf(loan.accountId);
    expect(refused.refund).toMatchObject({ status: "failed", attempts: 1, lastError: "bank unavailable (sandbox)", lastErrorFinal: false, nextAttemptAt: minutesAfter(at, 15) });
    expect(await runDueCreditRefunds(db, bank, minutesAfter(at, 14), log)).toEqual([]);
    expect(await runDueCreditRefunds(db, bank, minutesAfter(at, 15), log)).toEqual(["refunded"]);
    const paid = await closingRefundOf(loan.accountId);
    expect(paid.refund).toMatchObject({ status: "refunded", attempts: 2, bankReference: `SBX-refund:${parked.payment.id}`, nextAttemptAt: null });
    expect(await findTransfer(db, `payment:${parked.payment.id}:refunded`)).toMatchObject({ code: "payment_refunded", amount: 30_000 });
    expect(await runDueCreditRefunds(db, bank, minutesAfter(at, 60), log)).toEqual([]);

    // The closed loan's page says where it went.
    expect(await closingCreditOf(db, loan.accountId)).toEqual({ amount: 30_000, outcome: "refunded", bank_name: "BCA", account_number: "1234567890" });
    const done = (await parkedPayments(db, "done")).find((p) => p.id === parked.payment.id);
    expect(done).toMatchObject({ parked_reason: "closing_credit", reconciliation: "refunded", amount: 30_000, refund: { bank_code: "bca", account_number: "1234567890", attempts: 2 } });
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("stops retrying after the fifth refusal and leaves the refund failed for the operator", async () => {
    const customerId = await borrower();
    const loan = await loanOf(customerId);
    await loan.pay(2_020_000 + 5_000, "2026-02-10");
    const { refund } = await closingRefundOf(loan.accountId);
    const bank = sandboxBank(db, "fail");
    let at = businessInstant("2026-02-10", "10:00");
    for (const wait of [15, 30, 60, 120]) {
      expect(await runCreditRefund(db, bank, refund.id, at)).toBe("retry_later");
      expect(await runCreditRefund(db, bank, refund.id, minutesAfter(at, wait - 1))).toBe("not_due");
      at = minutesAfter(at, wait);
    }
    expect(await runCreditRefund(db, bank, refund.id, at)).toBe("failed");
    expect((await closingRefundOf(loan.accountId)).refund).toMatchObject({ status: "failed", attempts: 5, nextAttemptAt: null, lastError: "bank unavailable (sandbox)" });
    expect(await runCreditRefund(db, bank, refund.id, minutesAfter(at, 24 * 60))).toBe("not_due");
    expect(await findTransfer(db, `payment:${refund.parkedPaymentId}:refunded`)).toBeNull();
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("moves to the borrower's other open loan instead, to pay its next invoice", async () => {
    const customerId = await borrower();
    const other = await loanOf(customerId, "2026-01-20");
    const loan = await loanOf(customerId);
    await loan.pay(2_020_000 + 40_000, "2026-02-10");
    expect(await creditOf(customerId, loan.accountId)).toBe(0);
    expect(await creditOf(customerId, other.accountId)).toBe(40_000);
    expect(await findTransfer(db, `closing_credit:${loan.accountId}:moved`)).toMatchObject({ code: "credit_transferred", amount: 40_000 });
    expect(await db.select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `closing_credit:${loan.accountId}`))).toEqual([]);
    expect((await noticesOf(customerId))[0]!.body).toBe(
      "Pinjaman Anda sudah lunas. Sisa saldo kredit Rp 40.000 dipindahkan ke pinjaman Anda yang masih berjalan dan dipakai otomatis untuk membayar tagihan berikutnya pada tanggal jatuh temponya.",
    );
    expect(await closingCreditOf(db, loan.accountId)).toEqual({ amount: 40_000, outcome: "moved", bank_name: null, account_number: null });
    // The other loan's next payment uses it first.
    expect((await other.pay(520_000, "2026-02-15")).payment).toMatchObject({ creditUsed: 40_000, principal: 500_000, interest: 60_000 });
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
