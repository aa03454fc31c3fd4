import { schema } from "@pinjaman/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

const PUB = "/pub_api/v1/open";
const offerUrl = (id: string) => `${PUB}/offers/${id}/schedule`;

/**
 * POST pub_api/v1/open/offers/{id}/schedule: the offer of an open flow progress, visible as the
 * progress is (anonymous holder of a public flow's progress, or its own customer).
 */
describe("POST pub_api/v1/open/offers/{id}/schedule", () => {
  let t: TestApp;
  let budi: TestSession;
  beforeAll(async () => {
    t = await testApp();
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
  });
  afterAll(() => t.close());

  const schedule = (id: string, data: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: offerUrl(id), headers, payload: { data } });
  const startPublic = async (flowKey: string) => {
    const res = await t.app.inject({ method: "POST", url: `${PUB}/flows/${flowKey}/flow_progresses`, payload: { data: {} } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };

  /** A returning customer who was once late: offered mini_installment_loan (at most Rp 2.000.000 over 3 months). */
  async function lateReturningCustomer(): Promise<TestSession> {
    const db = t.database.db;
    const [c] = await db.insert(schema.customers).values({ name: "Dewi Lestari", email: "dewi.offer@contoh.co.id", phone: "+6281399990001", passwordHash: "x" }).returning({ id: schema.customers.id });
    await db.insert(schema.customerRoles).values({ customerId: c!.id, typeKey: "primary" });
    const [account] = await db
      .insert(schema.accounts)
      .values({ customerId: c!.id, typeKey: "loan", productKey: "spl", status: "closed", principalBalance: 0, activatedOn: "2025-01-10", closedOn: "2025-05-10" })
      .returning({ id: schema.accounts.id });
    const [application] = await db
      .insert(schema.accountApplications)
      .values({ accountId: account!.id, typeKey: "initial", status: "closed", amount: 3_000_000, term: 4, dailyRatePpm: 1000, totalRepayment: 3_120_000, submittedOn: "2025-01-05", effectiveOn: "2025-01-10", maturityOn: "2025-05-10" })
      .returning({ id: schema.accountApplications.id });
    await db.insert(schema.invoices).values({
      accountId: account!.id,
      accountApplicationId: application!.id,
      number: 1,
      dueOn: "2025-02-09",
      principal: 3_000_000,
      interest: 120_000,
      total: 3_120_000,
      lateFee: 15_000,
      paidPrincipal: 3_000_000,
      paidInterest: 120_000,
      paidLateFee: 15_000,
      status: "paid",
      paidOn: "2025-02-14",
    });
    return sessionFor(db, "dewi.offer@contoh.co.id");
  }

  it("prices an anonymous public flow's offer exactly as the product's default offer", async () => {
    const id = await startPublic("spl_onboarding");
    const offer = await schedule(id, { amount: 5_000_000, term: 6 });
    expect(offer.statusCode, offer.body).toBe(200);
    const byProduct = await t.app.inject({ method: "POST", url: `${PUB}/products/spl/default_offer/schedule`, payload: { data: { amount: 5_000_000, term: 6 } } });
    expect(offer.json()).toEqual(byProduct.json());
    expect(offer.json().data).toMatchObject({ product_key: "spl", amount: 5_000_000, term: 6, total_repayment: 7_520_000 });
  });

  it("holds a customer's offer to their limits, and shows it to nobody else (the 404 of a missing id)", async () => {
    const dewi = await lateReturningCustomer();
    const started = await t.app.inject({ method: "POST", url: "/app_api/v1/flows/mini_installment_loan/flow_progresses", headers: { ...dewi.headers, "x-locale": "id" }, payload: { data: {} } });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().data.id as string;

    const within = await schedule(id, { amount: 2_000_000, term: 3 }, dewi.headers);
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().data).toMatchObject({ product_key: "spl", amount: 2_000_000, term: 3 });

    const before = await rowCounts(t.database);
    const over = await schedule(id, { amount: 5_000_000, term: 6 }, dewi.headers);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toEqual({
      amount: ["Jumlah pinjaman harus antara Rp 500.000 dan Rp 2.000.000."],
      term: ["Tenor pinjaman harus antara 1 bulan dan 3 bulan."],
    });

    const missing = await schedule("00000000-0000-4000-8000-000000000000", { amount: 2_000_000, term: 3 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "flow_progress_not_found", message: "Pengajuan tidak ditemukan." } });
    for (const headers of [{}, budi.headers]) {
      const refused = await schedule(id, { amount: 2_000_000, term: 3 }, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(missing.json());
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("answers 404 for a progress whose flow prices no loan, and 400 in the envelope for an id that is no uuid", async () => {
    const lender = await startPublic("lender_onboarding");
    const none = await schedule(lender, { amount: 5_000_000, term: 6 });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: { code: "offer_not_found", message: "Penawaran tidak ditemukan." } });

    const bad = await schedule("not-a-uuid", { amount: 5_000_000, term: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "validation_failed", fields: { id: [expect.any(String)] } });
  });
});
