import { schema } from "@pinjaman/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { investmentAccountOf } from "../accounts/sandbox-accounts.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { approvedApplication, lenderWithFunds } from "./funding-fixtures.ts";
import { invest as investService } from "./investment-service.ts";

describe("investing through app_api/v1/accounts/{id}/investments", () => {
  let t: TestApp;
  let sari: TestSession;
  let budi: TestSession;
  let sariAccount: string;
  let applicationId: string;
  beforeAll(async () => {
    t = await testApp();
    sari = await sessionFor(t.database.db, "sari@pinjaman.test");
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    sariAccount = await investmentAccountOf(t.database.db, sari.customerId);
    await t.app.inject({ method: "POST", url: `/app_api/v1/accounts/${sariAccount}/deposits`, headers: sari.headers, payload: { data: { amount: 3_000_000, idempotency_key: "sari-topup-0001" } } });
    ({ applicationId } = await approvedApplication(t.database.db, "peminjam.satu@contoh.co.id", 2_000_000));
  });
  afterAll(() => t.close());

  const invest = (who: TestSession, data: unknown, id = sariAccount) =>
    t.app.inject({ method: "POST", url: `/app_api/v1/accounts/${id}/investments`, headers: who.headers, payload: { data } as object });
  const balance = async () => (await t.app.inject({ method: "GET", url: `/app_api/v1/accounts/${sariAccount}/balance`, headers: sari.headers })).json().data;
  const funding = (id = applicationId) => t.app.inject({ method: "GET", url: `/app_api/v1/accounts/${sariAccount}/investment_applications/${id}/funding`, headers: sari.headers });

  it("refuses amounts below the minimum, off the step or above what remains: 422 with field messages, nothing changed", async () => {
    const counts = await rowCounts(t.database);
    for (const [amount, message] of [
      [50_000, "Nominal pendanaan minimal Rp100.000."],
      [150_000, "Nominal pendanaan harus kelipatan Rp100.000."],
      [2_100_000, "Nominal melebihi sisa kebutuhan pendanaan pengajuan ini."],
    ] as const) {
      const res = await invest(sari, { account_application_id: applicationId, amount, idempotency_key: `refused-${amount}` });
      expect([res.statusCode, res.json()]).toEqual([422, { error: { code: "validation_failed", message: expect.any(String), fields: { amount: [message] } } }]);
    }
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("reserves 1.5 million: investment pending, the money reserved, the application still open", async () => {
    const res = await invest(sari, { account_application_id: applicationId, amount: 1_500_000, idempotency_key: "sari-invest-0001" });
    expect(res.statusCode).toBe(201);
    const body = res.json().data;
    expect(body).toEqual({
      investment: { id: expect.any(String), investment_account_id: sariAccount, account_application_id: applicationId, amount: 1_500_000, status: "pending", autoinvest: false, created_at: expect.any(String) },
      funding: { account_application_id: applicationId, amount: 2_000_000, funded: 1_500_000, remaining: 500_000 },
      replayed: false,
    });
    expect(await balance()).toEqual({ account_id: sariAccount, currency: "IDR", available: 1_500_000, reserved: 1_500_000 });
    expect((await funding()).json()).toEqual({ data: { account_application_id: applicationId, amount: 2_000_000, funded: 1_500_000, remaining: 500_000 } });
    const [transfer] = await t.database.db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.idempotencyKey, `reservation:${body.investment.id}`));
    expect(transfer).toMatchObject({ mode: "pending", code: "reservation", amount: 1_500_000, reference: `investment:${body.investment.id}` });
    const [transition] = await t.database.db.select().from(schema.statusTransitions).where(eq(schema.statusTransitions.subjectId, body.investment.id));
    expect(transition).toMatchObject({ subjectType: "investment", fromStatus: null, toStatus: "pending", actorKind: "customer", actorId: sari.customerId });
    // The share account: the lender's, on the loan account, for this investment; the reservation credits it.
    const [application] = await t.database.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
    const [share] = await t.database.db.select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.investmentId, body.investment.id));
    expect(share).toMatchObject({ kind: "lender_investment", customerId: sari.customerId, accountId: application!.accountId, creditsPending: 1_500_000, debitsMustNotExceedCredits: true });
    expect(transfer!.creditAccountId).toBe(share!.id);
    const [investment] = await t.database.db.select().from(schema.investments).where(eq(schema.investments.id, body.investment.id));
    expect(investment!.reservationTransferId).toBe(transfer!.id);
  });

  it("answers a retry with the same key with the same investment (200), reserving nothing again", async () => {
    const counts = await rowCounts(t.database);
    const res = await invest(sari, { account_application_id: applicationId, amount: 1_500_000, idempotency_key: "sari-invest-0001" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ investment: { amount: 1_500_000, status: "pending" }, replayed: true });
    expect(await rowCounts(t.database)).toEqual(counts);
    expect(await balance()).toMatchObject({ available: 1_500_000, reserved: 1_500_000 });
    const other = await invest(sari, { account_application_id: applicationId, amount: 500_000, idempotency_key: "sari-invest-0001" });
    expect([other.statusCode, other.json().error.fields]).toEqual([409, { idempotency_key: ["Kunci idempotensi ini sudah dipakai untuk pendanaan lain."] }]);
  });

  it("refuses more than the lender's available balance, nothing changed", async () => {
    const { applicationId: other } = await approvedApplication(t.database.db, "peminjam.dua@contoh.co.id", 5_000_000);
    const counts = await rowCounts(t.database);
    const res = await invest(sari, { account_application_id: other, amount: 1_600_000, idempotency_key: "sari-invest-0002" });
    expect([res.statusCode, res.json().error.fields]).toEqual([422, { amount: ["Saldo tersedia di rekening investasi Anda tidak mencukupi."] }]);
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("refuses a lender who never deposited (no funds account yet): 422, nothing changed", async () => {
    const { applicationId: open } = await approvedApplication(t.database.db, "peminjam.tiga@contoh.co.id", 1_000_000);
    const lender = await lenderWithFunds(t.database.db, "pemodal.kosong@contoh.co.id", 0, "2026-11-24");
    const counts = await rowCounts(t.database);
    const refusal = await investService(t.database.db, {
      customerId: lender.customerId,
      investmentAccountId: lender.accountId,
      applicationId: open,
      amount: 100_000,
      idempotencyKey: "kosong-0001",
      businessDate: "2026-11-24",
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FieldErrors);
    expect([(refusal as FieldErrors).status, (refusal as FieldErrors).fields]).toEqual([422, { amount: ["Saldo tersedia di rekening investasi Anda tidak mencukupi."] }]);
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("the investment that completes the amount funds the application (waiting_for_deadline, actor system)", async () => {
    const res = await invest(sari, { account_application_id: applicationId, amount: 500_000, idempotency_key: "sari-invest-0003" });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.funding).toEqual({ account_application_id: applicationId, amount: 2_000_000, funded: 2_000_000, remaining: 0 });
    const [application] = await t.database.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
    expect(application!.status).toBe("waiting_for_deadline");
    const transitions = await t.database.db.select().from(schema.statusTransitions).where(and(eq(schema.statusTransitions.subjectId, applicationId), eq(schema.statusTransitions.event, "fund")));
    expect(transitions).toMatchObject([{ fromStatus: "waiting_for_investment", toStatus: "waiting_for_deadline", actorKind: "system" }]);
    expect(await balance()).toMatchObject({ available: 1_000_000, reserved: 2_000_000 });
  });

  it("refuses an application no longer waiting for investment", async () => {
    const counts = await rowCounts(t.database);
    const res = await invest(sari, { account_application_id: applicationId, amount: 100_000, idempotency_key: "sari-invest-0004" });
    expect([res.statusCode, res.json().error.fields]).toEqual([422, { account_application_id: ["Pengajuan ini tidak sedang menunggu pendanaan."] }]);
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("shows an application's funding only while it is open to investment or to a lender holding a share in it", async () => {
    const stranger = await lenderWithFunds(t.database.db, "lender.asing@contoh.co.id", 0, "2026-01-05");
    const strangerSession = await sessionFor(t.database.db, "lender.asing@contoh.co.id");
    const fundingOf = (accountId: string, who: TestSession, id: string) =>
      t.app.inject({ method: "GET", url: `/app_api/v1/accounts/${accountId}/investment_applications/${id}/funding`, headers: who.headers });
    const notFound = { error: { code: "account_application_not_found", message: "Pengajuan tidak ditemukan." } };

    // Fully funded (waiting for its deadline): Sari holds a share, the stranger none.
    expect((await fundingOf(sariAccount, sari, applicationId)).json()).toEqual({ data: { account_application_id: applicationId, amount: 2_000_000, funded: 2_000_000, remaining: 0 } });
    const closed = await fundingOf(stranger.accountId, strangerSession, applicationId);
    expect([closed.statusCode, closed.json()]).toEqual([404, notFound]);

    // Open to investment: anyone's; once it leaves that status, no longer the stranger's.
    const other = await approvedApplication(t.database.db, "peminjam.terbatas@contoh.co.id", 3_000_000);
    expect((await fundingOf(stranger.accountId, strangerSession, other.applicationId)).json()).toEqual({
      data: { account_application_id: other.applicationId, amount: 3_000_000, funded: 0, remaining: 3_000_000 },
    });
    for (const status of ["submitted", "rejected", "in_disbursement"] as const) {
      await t.database.db.update(schema.accountApplications).set({ status }).where(eq(schema.accountApplications.id, other.applicationId));
      const res = await fundingOf(stranger.accountId, strangerSession, other.applicationId);
      expect([status, res.statusCode, res.json()]).toEqual([status, 404, notFound]);
    }
  });

  it("answers 404 for another customer's investment account and an unknown application", async () => {
    const foreign = await invest(budi, { account_application_id: applicationId, amount: 100_000, idempotency_key: "budi-invest-0001" });
    expect(foreign.statusCode).toBe(404);
    const unknown = await invest(sari, { account_application_id: "00000000-0000-4000-8000-000000000001", amount: 100_000, idempotency_key: "sari-invest-0005" });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, "account_application_not_found"]);
    expect((await funding("00000000-0000-4000-8000-000000000001")).statusCode).toBe(404);
    expect((await funding("bukan-uuid")).json()).toEqual({ error: { code: "account_application_not_found", message: "Pengajuan tidak ditemukan." } });
  });

  it("lists the applications open to investment with their funding and no borrower data; filters by grade; the owner only", async () => {
    const search = (who: TestSession, filters: unknown[] = [], id = sariAccount) =>
      t.app.inject({ method: "POST", url: `/app_api/v1/accounts/${id}/investment_applications/search?page=1`, headers: who.headers, payload: { filters } });
    const res = await search(sari);
    expect(res.statusCode).toBe(200);
    const listed = res.json().data as { id: string; remaining: number }[];
    const open = await t.database.db.select({ id: schema.accountApplications.id }).from(schema.accountApplications).where(eq(schema.accountApplications.status, "waiting_for_investment"));
    expect(listed.map((a) => a.id).sort()).toEqual(open.map((a) => a.id).sort());
    expect(res.json().meta).toEqual({ page: 1, per_page: 20, total: open.length });
    const other = listed.find((a) => a.id !== applicationId)!;
    expect(Object.keys(other).sort()).toEqual([
      ...["amount", "approved_on", "borrower", "daily_rate_ppm", "funded", "funding_deadline", "id", "product_key", "product_name", "purpose"],
      ...["remaining", "risk_grade", "submitted_on", "term"],
    ]);
    expect(Object.keys((other as unknown as { borrower: object }).borrower).sort()).toEqual(["city", "customer_id", "earlier_loans", "paid_late", "paid_on_time", "region"]);
    expect(other).toMatchObject({ funded: 0, remaining: 5_000_000, term: 4, daily_rate_ppm: 1000, product_key: "spl" });
    expect((await search(sari, [{ field: "risk_grade", op: "equals", value: "A" }])).json().data).toEqual([]);
    const unknownField = await search(sari, [{ field: "customer_id", op: "equals", value: budi.customerId }]);
    expect([unknownField.statusCode, Object.keys(unknownField.json().error.fields)]).toEqual([400, ["filters.0.field"]]);
    expect((await search(budi)).statusCode).toBe(404);
  });

  it("one key sent at once for two applications: one investment, the other 409 on the key", async () => {
    const { applicationId: first } = await approvedApplication(t.database.db, "peminjam.empat@contoh.co.id", 1_000_000);
    const { applicationId: second } = await approvedApplication(t.database.db, "peminjam.lima@contoh.co.id", 1_000_000);
    const answers = await Promise.all(
      [first, second].map((id) => invest(sari, { account_application_id: id, amount: 100_000, idempotency_key: "sari-invest-race" })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.fields).toEqual({ idempotency_key: ["Kunci idempotensi ini sudah dipakai untuk pendanaan lain."] });
    const stored = await t.database.db.select().from(schema.investments).where(eq(schema.investments.idempotencyKey, "sari-invest-race"));
    expect(stored.length).toBe(1);
  });

  it("leaves the books sound", async () => {
    expect(await ledgerInvariantViolations(t.database.db)).toEqual([]);
  });
});
