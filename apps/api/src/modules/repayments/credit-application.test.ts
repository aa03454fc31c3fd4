import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { lateFeeAccrualJob } from "../../jobs/definitions/late-fee-accrual.ts";
import { NO_INTEGRATIONS } from "../../jobs/job-definition.ts";
import { runOccurrence } from "../../jobs/job-occurrence.ts";
import { businessInstant, disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
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

/** 2 000 000 over 4 months at 0.1 %/day from 2026-01-31: 4 × (500 000 + 60 000), due 28 Feb, 31 Mar, 30 Apr, 31 May. */
async function loan() {
  const lender = await lenderWithFunds(db, `pemodal.kredit.${++seq}@contoh.co.id`, 2_000_000, "2026-01-30");
  const [c] = await db.insert(schema.customers).values({ name: "Peminjam Kredit", email: `peminjam.kredit.${++seq}@contoh.co.id` }).returning({ id: schema.customers.id });
  const made = await disbursedLoan(db, {
    borrowerCustomerId: c!.id,
    lenders: [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: 2_000_000 }],
    terms: { term: 4, dailyRatePpm: 1000 },
    effectiveOn: "2026-01-31",
  });
  const bca = made.virtualAccounts.find((v) => v.channel === "bca_va")!;
  const pay = (amount: number, businessDate: string) =>
    receivePayment(db, { channel: "bca_va", virtualAccountNumber: bca.number, amount, gatewayTransactionId: `kredit-${++seq}`, businessDate, source: "gateway" }, FEE);
  return { ...made, borrowerId: c!.id, pay };
}

const invoicesOf = (applicationId: string) => db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId)).orderBy(asc(schema.invoices.number));
const creditOf = async (l: { borrowerId: string; accountId: string }) => balanceOf("borrower_credit", (await findLedgerAccount(db, "borrower_credit", { customerId: l.borrowerId, accountId: l.accountId }))!).available;
/** The daily late-fee job's run for a business date, as the runner or the sandbox clock makes it. */
const dailyRun = (businessDate: string) => runOccurrence(db, lateFeeAccrualJob, { key: businessDate, businessDate, at: businessInstant(businessDate, "00:10") }, log, NO_INTEGRATIONS);

describe("the credit kept on a loan, used when an invoice falls due", () => {
  it("pays the invoice falling due from the credit in the daily job, before the late fees of the days missed accrue: a borrower with enough credit is never late", async () => {
    const l = await loan();
    // Early in February: invoice 1 (the next one) is paid, 660 000 is kept as credit.
    expect((await l.pay(1_220_000, "2026-02-10")).payment).toMatchObject({ status: "allocated", principal: 500_000, interest: 60_000, credit: 660_000 });
    // The day before invoice 2 falls due nothing is used.
    await dailyRun("2026-03-30");
    expect(await creditOf(l)).toBe(660_000);
    // The job runs again only on 2 April (an outage): the credit pays invoice 2 (and 100 000 of the next, interest first) before the accrual of 1 and 2 April.
    expect(await dailyRun("2026-04-02")).toBe("ran");
    const invoices = await invoicesOf(l.applicationId);
    expect(invoices.map((i) => [i.dueOn, i.status, i.paidInterest, i.paidPrincipal, i.lateFee])).toEqual([
      ["2026-02-28", "paid", 60_000, 500_000, 0],
      ["2026-03-31", "paid", 60_000, 500_000, 0],
      ["2026-04-30", "open", 60_000, 40_000, 0],
      ["2026-05-31", "open", 0, 0, 0],
    ]);
    expect(invoices[1]!.paidOn).toBe("2026-04-02");
    expect(await creditOf(l)).toBe(0);
    const [applied] = await db.select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `credit:${l.accountId}:2026-04-02`));
    expect(applied).toMatchObject({ source: "credit", status: "allocated", amount: 0, creditUsed: 660_000, interest: 120_000, principal: 540_000, credit: 0, accountStatus: "active" });
    // The lender was paid their share of it like any payment.
    expect(await db.select().from(schema.investmentRepayments).where(eq(schema.investmentRepayments.paymentId, applied!.id))).toMatchObject([{ principal: 540_000, interest: 120_000 }]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("uses a credit smaller than the instalment on it, so the late fee accrues only on what is still unpaid", async () => {
    const l = await loan();
    // Invoice 1 paid and 200 000 kept.
    await l.pay(760_000, "2026-02-10");
    await dailyRun("2026-04-01");
    const second = (await invoicesOf(l.applicationId))[1]!;
    // 200 000 paid interest first: 60 000 interest, 140 000 principal; 1 April's fee is 0.1 % of the 360 000 left.
    expect(second).toMatchObject({ status: "open", paidInterest: 60_000, paidPrincipal: 140_000, lateFee: 360 });
    expect(await creditOf(l)).toBe(0);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
