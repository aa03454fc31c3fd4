import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain/dates";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { rowCounts } from "../../../test/harness.ts";
import { SANDBOX_REFUSED_ACCOUNT_NUMBER } from "../../integrations/bank/sandbox-bank.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import type { TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { runDisbursal } from "./disbursal-run.ts";
import { approvedLoanApplication, businessInstant, fundApplication, loanInDisbursal, sandboxDisbursalIntegrations, withBankAccount } from "./sandbox-loans.ts";

const BO = "/app_api/v1/back_office";
const today = jakartaToday();
/** An attempt's business time: after the 00:40 the cooling-off job makes a disbursal due, whatever the real hour. */
const attemptAt = () => businessInstant(today, "01:00");
const t = appWithSessions({ operator: "operator@pinjaman.test", budi: "budi@pinjaman.test" });
let people = 0;

async function borrower(accountNumber?: string): Promise<string> {
  const k = ++people;
  const [customer] = await t.app.db.insert(schema.customers).values({ name: `Peminjam Antrean ${k}`, email: `peminjam.antrean.${k}@contoh.co.id` }).returning({ id: schema.customers.id });
  await withBankAccount(t.app.db, customer!.id, accountNumber);
  return customer!.id;
}

async function lender(amount: number, on: string) {
  const l = await lenderWithFunds(t.app.db, `pemodal.antrean.${++people}@contoh.co.id`, amount, on);
  return { customerId: l.customerId, investmentAccountId: l.accountId, amount };
}

/** A 1 000 000 loan whose cooling-off ended today: its disbursal is due now and not yet tried. */
async function dueToday(accountNumber?: string) {
  const customerId = await borrower(accountNumber);
  return loanInDisbursal(t.app.db, { borrowerCustomerId: customerId, lenders: [await lender(1_000_000, addDays(today, -3))], terms: { term: 3, dailyRatePpm: 1000 }, effectiveOn: today });
}

const queue = async (stage?: string) => {
  const res = await t.app.inject({ method: "GET", url: `${BO}/disbursals${stage ? `?stage=${stage}` : ""}`, headers: t.operator.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { application_id: string; disbursal_id: string | null; stage: string; attempts: number; last_error: string | null; cooling_off_ends_on: string | null; payout: number | null }[];
};
const retry = (id: string, body: unknown, who: TestSession = t.operator) =>
  t.app.inject({ method: "POST", url: `${BO}/disbursals/${id}/retry`, headers: who.headers, payload: body as Record<string, unknown> });

describe("GET back_office/disbursals", () => {
  it("shows each stage: cooling-off with its end date, to pay, refused and retrying with the bank's reason, given up", async () => {
    // Funded today: in its cooling-off until the day after tomorrow.
    const waitingBorrower = await borrower();
    const { applicationId: coolingId } = await approvedLoanApplication(t.app.db, waitingBorrower, { amount: 1_000_000, term: 3, dailyRatePpm: 1000 }, addDays(today, -1));
    await fundApplication(t.app.db, coolingId, [await lender(1_000_000, today)], today);
    const pending = await dueToday();
    const retrying = await dueToday();
    expect(await runDisbursal(t.app.db, sandboxDisbursalIntegrations(t.app.db, "fail"), retrying.disbursalId, attemptAt())).toBe("retry_later");
    const failed = await dueToday(SANDBOX_REFUSED_ACCOUNT_NUMBER);
    expect(await runDisbursal(t.app.db, sandboxDisbursalIntegrations(t.app.db), failed.disbursalId, attemptAt())).toBe("failed");

    const items = await queue();
    const of = (applicationId: string) => items.find((i) => i.application_id === applicationId);
    expect(of(coolingId)).toMatchObject({ stage: "cooling_off", disbursal_id: null, cooling_off_ends_on: addDays(today, 2), payout: null });
    expect(of(pending.applicationId)).toMatchObject({ stage: "pending", disbursal_id: pending.disbursalId, attempts: 0, payout: 1_000_000 });
    expect(of(retrying.applicationId)).toMatchObject({ stage: "retrying", attempts: 1, last_error: expect.stringContaining("") });
    expect(of(retrying.applicationId)!.last_error).not.toBeNull();
    expect(of(failed.applicationId)).toMatchObject({ stage: "failed", attempts: 1 });
    expect(of(failed.applicationId)!.last_error).not.toBeNull();
    expect((await queue("failed")).every((i) => i.stage === "failed")).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `${BO}/disbursals?stage=paid`, headers: t.operator.headers })).statusCode).toBe(400);
  });

  it("refuses a customer (403) and a caller without a session (401)", async () => {
    const res = await t.app.inject({ method: "GET", url: `${BO}/disbursals`, headers: t.budi.headers });
    expect([res.statusCode, res.json().error.code]).toEqual([403, "forbidden_role"]);
    expect((await t.app.inject({ method: "GET", url: `${BO}/disbursals` })).statusCode).toBe(401);
  });
});

describe("POST back_office/disbursals/{id}/retry", () => {
  it("tries a refused disbursal now: the bank pays, the loan is active, the retry audited with its reason", async () => {
    const loan = await dueToday();
    expect(await runDisbursal(t.app.db, sandboxDisbursalIntegrations(t.app.db, "fail"), loan.disbursalId, attemptAt())).toBe("retry_later");
    const res = await retry(loan.disbursalId, { reason: "Bank BCA sudah normal kembali (konfirmasi 10.15 WIB)." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ outcome: "succeeded", item: { disbursal_id: loan.disbursalId, stage: "paid", attempts: 2 } });
    const [application] = await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, loan.applicationId));
    expect(application!.status).toBe("activated");
    const actions = await t.app.db.select().from(schema.staffActions).where(eq(schema.staffActions.subjectId, loan.disbursalId));
    expect(actions).toEqual([
      expect.objectContaining({ staffId: t.operator.customerId, permission: "disbursals.manage", action: "disbursal.retry", reason: "Bank BCA sudah normal kembali (konfirmasi 10.15 WIB)." }),
    ]);
    expect(actions[0]!.before).toMatchObject({ attempts: 1 });
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);

    // Paid: nothing left to retry.
    const counts = await rowCounts(t.database);
    const again = await retry(loan.disbursalId, { reason: "Sekali lagi." });
    expect([again.statusCode, again.json().error.code]).toEqual([409, "disbursal_not_pending"]);
    expect(again.json().error.message).toBe("Pencairan ini sudah selesai atau dihentikan, tidak dapat dicoba lagi.");
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("refuses a given-up disbursal (409), a blank reason (400 on reason), an unknown id (404) and customers (403); nothing changes", async () => {
    const failed = await dueToday(SANDBOX_REFUSED_ACCOUNT_NUMBER);
    expect(await runDisbursal(t.app.db, sandboxDisbursalIntegrations(t.app.db), failed.disbursalId, attemptAt())).toBe("failed");
    const pending = await dueToday();
    const counts = await rowCounts(t.database);
    expect((await retry(failed.disbursalId, { reason: "Coba lagi." })).statusCode).toBe(409);
    const blank = await retry(pending.disbursalId, { reason: " " });
    expect([blank.statusCode, blank.json().error.fields]).toEqual([400, { reason: ["Minimal 1 karakter"] }]);
    const missing = await retry(pending.disbursalId, {});
    expect(missing.json().error.fields).toEqual({ reason: ["Wajib diisi"] });
    expect((await retry(crypto.randomUUID(), { reason: "Coba." })).statusCode).toBe(404);
    expect((await retry("bukan-id", { reason: "Coba." })).statusCode).toBe(400);
    const customer = await retry(pending.disbursalId, { reason: "Coba." }, t.budi);
    expect([customer.statusCode, customer.json().error.code]).toEqual([403, "forbidden_role"]);
    expect(await rowCounts(t.database)).toEqual(counts);
  });
});
