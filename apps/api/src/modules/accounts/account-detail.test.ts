import { inflateSync } from "node:zlib";
import { schema } from "@pinjaman/db";
import { addDays, addMonths, formatDate, jakartaToday } from "@pinjaman/domain/dates";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { SYSTEM, transitionApplication } from "../account-applications/status-transitions.ts";
import type { TestSession } from "../identity/test-sessions.ts";
import { activeLoanFor, loanInDisbursalFor } from "../disbursal/loan-test-kit.ts";
import { receivePayment } from "../repayments/payment-service.ts";

const APP = "/app_api/v1";
const t = appWithSessions({ budi: "budi@pinjaman.test", sari: "sari@pinjaman.test" });

const today = jakartaToday();
const get = (id: string, who: TestSession | null) => t.app.inject({ method: "GET", url: `${APP}/accounts/${id}`, headers: who?.headers ?? {} });
const statement = (id: string, who: TestSession | null) =>
  t.app.inject({ method: "POST", url: `${APP}/accounts/${id}/statement`, headers: { ...(who?.headers ?? {}), "x-locale": "id" }, payload: { data: {} } });

/**
 * A 2 000 000 loan over 4 months at 0.1 %/day paid out six months ago (every invoice of
 * 560 000 = 500 000 principal + 60 000 interest is past due), funded by one lender: the first
 * invoice paid two days before its due date, then 100 000 towards the second (60 000 interest,
 * 40 000 principal), both through the payment path (decision 0016).
 */
async function loanHalfwayPaid(customerId: string) {
  const effectiveOn = addMonths(today, -6);
  const loan = await activeLoanFor(t.app.db, customerId, { effectiveOn });
  const paidOn = addDays(addMonths(effectiveOn, 1), -2);
  const va = loan.virtualAccounts[0]!;
  for (const [k, amount] of [560_000, 100_000].entries()) {
    const incoming = { channel: va.channel, virtualAccountNumber: va.number, amount, gatewayTransactionId: `laporan-${loan.accountId}-${k}`, businessDate: paidOn, source: "gateway" as const };
    await receivePayment(t.app.db, incoming, { platformFeePpm: 100_000 });
  }
  return { ...loan, paidOn };
}

/** The text a PDF shows: every (Flate-compressed) content stream's strings, one line per TJ array. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const match of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue; // not a compressed content stream
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      lines.push([...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}

describe("GET accounts/{id}", () => {
  it("answers the owner's active loan with its terms, outstanding amounts, next invoice and payoff", async () => {
    const { accountId, applicationId, effectiveOn } = await loanHalfwayPaid(t.budi.customerId);
    const res = await get(accountId, t.budi);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: accountId,
      type_key: "loan",
      status: "active",
      principal_balance: 2_000_000 - 540_000,
      activated_on: effectiveOn,
      maturity_extension_days: 0,
      outstanding_principal: 2_000_000 - 540_000,
      outstanding_total: 2_240_000 - 660_000,
      // Past maturity every scheduled rupiah of interest is earned: the payoff is all that is left.
      payoff: { principal: 1_460_000, interest: 120_000, late_fee: 0, total: 1_580_000, credit: 0, amount_to_pay: 1_580_000 },
      closing_credit: null,
      today,
    });
    expect(data.current_account_application).toMatchObject({
      id: applicationId,
      status: "activated",
      amount: 2_000_000,
      term: 4,
      daily_rate_ppm: 1000,
      total_repayment: 2_240_000,
      // Approved the day before it was funded, two days before it was paid out (cooling-off),
      // with the grade a salaried borrower with no other online loan earns (decision 0010).
      submitted_on: addDays(effectiveOn, -3),
      risk_grade: "B",
      effective_on: effectiveOn,
      maturity_on: addMonths(effectiveOn, 4),
    });
    expect(data.initial_account_application.id).toBe(applicationId);
    expect(data.next_invoice).toMatchObject({ number: 2, due_on: addMonths(effectiveOn, 2), total: 560_000, outstanding: 460_000, status: "open" });
  });

  it("takes the borrower's credit off the payoff, the same figure payments/new shows", async () => {
    // 2 000 000 over 4 months at 0.1 %/day paid out 10 days ago; 600 000 paid today pays the first
    // invoice (560 000) and leaves 40 000 of credit. Interest earned to date (20 000) is below the
    // interest already paid (60 000), so the payoff is the principal left.
    const effectiveOn = addDays(today, -10);
    const loan = await activeLoanFor(t.app.db, t.budi.customerId, { effectiveOn });
    const va = loan.virtualAccounts[0]!;
    const incoming = { channel: va.channel, virtualAccountNumber: va.number, amount: 600_000, gatewayTransactionId: `kredit-${loan.accountId}`, businessDate: today, source: "gateway" as const };
    await receivePayment(t.app.db, incoming, { platformFeePpm: 100_000 });

    const data = (await get(loan.accountId, t.budi)).json().data;
    expect(data.payoff).toEqual({ principal: 1_500_000, interest: 0, late_fee: 0, total: 1_500_000, credit: 40_000, amount_to_pay: 1_460_000 });
    const payments = await t.app.inject({ method: "GET", url: `${APP}/accounts/${loan.accountId}/payments/new`, headers: t.budi.headers });
    expect(payments.json().data).toMatchObject({ payoff_amount: 1_460_000, credit_balance: 40_000 });
    const text = pdfText(Buffer.from((await statement(loan.accountId, t.budi)).rawPayload));
    expect(text).toContain("Kelebihan bayar (dipakai lebih dulu)");
    expect(text).toContain("Rp 1.460.000");
  });

  it("shows a reschedule's maturity extension and its terms as the current ones", async () => {
    const { accountId, applicationId } = await activeLoanFor(t.app.db, t.budi.customerId, { effectiveOn: addMonths(today, -1) });
    const initialMaturity = addMonths(addMonths(today, -1), 4);
    const [reschedule] = await t.app.db
      .insert(schema.accountApplications)
      .values({ accountId, typeKey: "reschedule", status: "submitted", amount: 1_500_000, term: 5, dailyRatePpm: 800, totalRepayment: 1_680_000, submittedOn: today, effectiveOn: today, maturityOn: addDays(initialMaturity, 30) })
      .returning();
    await t.app.db.transaction(async (tx) => {
      await transitionApplication(tx, reschedule!.id, "take_effect", SYSTEM, "test: rescheduled");
      await transitionApplication(tx, applicationId, "supersede", SYSTEM, "test: rescheduled");
    });
    const data = (await get(accountId, t.budi)).json().data;
    expect(data.maturity_extension_days).toBe(30);
    expect(data.initial_account_application).toMatchObject({ id: applicationId, status: "deactivated", maturity_on: initialMaturity });
    expect(data.current_account_application).toMatchObject({ id: reschedule!.id, type_key: "reschedule", status: "active", amount: 1_500_000 });
  });

  it("answers a loan still in disbursal with its application and nothing owed yet", async () => {
    const { accountId, applicationId } = await loanInDisbursalFor(t.app.db, t.budi.customerId);
    const data = (await get(accountId, t.budi)).json().data;
    expect(data).toMatchObject({ status: "pending", outstanding_principal: 0, outstanding_total: 0, next_invoice: null, payoff: null });
    expect(data.current_account_application).toMatchObject({ id: applicationId, status: "in_disbursement", effective_on: null });
  });

  it("answers the owner's investment account without applications", async () => {
    const [investment] = await t.app.db.insert(schema.accounts).values({ customerId: t.budi.customerId, typeKey: "investment", status: "active" }).returning();
    const data = (await get(investment!.id, t.budi)).json().data;
    expect(data).toMatchObject({ type_key: "investment", initial_account_application: null, current_account_application: null, next_invoice: null, payoff: null });
  });

  it("answers 404 for another customer's account, 401 without a session, 400 for a malformed id", async () => {
    const { accountId } = await loanHalfwayPaid(t.budi.customerId);
    const other = await get(accountId, t.sari);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: { code: "account_not_found", message: "Rekening tidak ditemukan." } });
    expect(other.body).not.toContain("560000");
    expect((await get(accountId, null)).statusCode).toBe(401);
    expect((await get("not-a-uuid", t.budi)).statusCode).toBe(400);
  });
});

describe("POST accounts/{id}/statement", () => {
  it("sends the owner a PDF with the loan's terms, schedule with statuses, payments and balances", async () => {
    const { accountId, effectiveOn, paidOn } = await loanHalfwayPaid(t.budi.customerId);
    const res = await statement(accountId, t.budi);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="laporan-pinjaman-${accountId}-${today}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const text = pdfText(res.rawPayload);
    expect(text).toContain("Laporan Rekening Pinjaman");
    expect(text).toContain(accountId);
    for (const expected of [
      "Jumlah pinjaman",
      "Rp 2.000.000",
      "Rp 2.240.000", // total repayment
      formatDate(effectiveOn),
      formatDate(addMonths(effectiveOn, 4)), // maturity
      "Rp 1.460.000", // outstanding principal
      "Rp 1.580.000", // outstanding total and payoff
      "Rp 660.000", // paid so far
      "Rp 560.000",
      "Lunas",
      "Terlambat",
      formatDate(paidOn),
      "Rp 100.000", // the part payment of invoice 2
      "Rp 40.000", // its principal
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("answers 404 for another customer's loan and for an investment account, 401 without a session", async () => {
    const { accountId } = await loanHalfwayPaid(t.budi.customerId);
    const other = await statement(accountId, t.sari);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe("account_not_found");
    const [investment] = await t.app.db.insert(schema.accounts).values({ customerId: t.budi.customerId, typeKey: "investment", status: "active" }).returning();
    expect((await statement(investment!.id, t.budi)).statusCode).toBe(404);
    expect((await statement(accountId, null)).statusCode).toBe(401);
  });

  it("refuses options it does not know with a field message", async () => {
    const { accountId } = await loanHalfwayPaid(t.budi.customerId);
    const res = await t.app.inject({ method: "POST", url: `${APP}/accounts/${accountId}/statement`, headers: t.budi.headers, payload: { data: { from: "2026-01-01" } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toBeDefined();
  });
});
