import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { addDays } from "@pinjaman/domain/dates";
import { dailyRateCap, periodsOverCap } from "@pinjaman/domain/ojk-guard";
import { invalidateProductCache } from "../settings/product-cache.ts";
import { defaultOfferSchedule } from "./schedule-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";

const url = (product = "spl") => `/pub_api/v1/open/products/${product}/default_offer/schedule`;

describe("POST pub_api/v1/open/products/{productKey}/default_offer/schedule", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const post = (body: unknown, product?: string) =>
    t.app.inject({ method: "POST", url: url(product), payload: body as object });

  it("prices a 6-month spl loan at the 0.3 %/day cap fitted to a 28-day month (0.28 %/day) with the exact flat schedule", async () => {
    const res = await post({ data: { amount: 5_000_000, term: 6 } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      product_key: "spl",
      amount: 5_000_000,
      term: 6,
      daily_rate_ppm: 2800,
      total_interest: 2_520_000,
      total_repayment: 7_520_000,
      monthly_instalment: 1_253_333,
    });
    expect(data.instalments).toHaveLength(6);
    const sum = data.instalments.reduce((s: number, i: { amount: number }) => s + i.amount, 0);
    expect(sum).toBe(7_520_000);
    expect(data.instalments[5]).toMatchObject({ principal: 833_335, interest: 420_000, amount: 1_253_335 });
  });

  it("caps a 12-month consumer loan at the OJK 0.2 %/day for tenors over 6 months, fitted to a 28-day month", async () => {
    const res = await post({ data: { amount: 20_000_000, term: 12 } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.daily_rate_ppm).toBe(1866);
    expect(data.total_interest).toBe(12 * 1_119_600);
    expect(data.total_interest).toBeLessThanOrEqual(data.amount);
  });

  it("uses the default settings' edges: 500,000 for 1 month and 20,000,000 for 12", async () => {
    expect((await post({ data: { amount: 500_000, term: 1 } })).statusCode).toBe(200);
    expect((await post({ data: { amount: 20_000_000, term: 12 } })).statusCode).toBe(200);
  });

  it.each([
    [{ amount: 499_999, term: 7 }, ["amount"]],
    [{ amount: 20_500_000, term: 7 }, ["amount"]],
    [{ amount: 750_000, term: 7 }, ["amount"]],
    [{ amount: 5_000_000, term: 0 }, ["term"]],
    [{ amount: 5_000_000, term: 13 }, ["term"]],
    [{ amount: 100, term: 40 }, ["amount", "term"]],
  ])("refuses %o with 400 and Indonesian messages on %o, storing nothing", async (data, fields) => {
    const before = await rowCounts(t.database);
    const res = await post({ data });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields).sort()).toEqual(fields);
    for (const field of fields) expect(body.error.fields[field][0]).toMatch(/^[A-Z].*(Rp|bulan)/);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("names the allowed range in the message", async () => {
    const res = await post({ data: { amount: 100, term: 40 } });
    expect(res.json().error.fields.amount).toEqual(["Jumlah pinjaman harus antara Rp 500.000 dan Rp 20.000.000."]);
    expect(res.json().error.fields.term).toEqual(["Tenor pinjaman harus antara 1 bulan dan 12 bulan."]);
  });

  it.each([
    [{}, "data"],
    [{ data: { term: 7 } }, "amount"],
    [{ data: { amount: "5000000", term: 7 } }, "amount"],
    [{ data: { amount: 1_000_000.5, term: 7 } }, "amount"],
    [{ data: { amount: 1_000_000, term: 2.5 } }, "term"],
  ])("refuses malformed body %o with a message on %s", async (body, field) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]?.length).toBeGreaterThan(0);
  });

  it("answers 404 in JSON for an unknown product", async () => {
    const res = await post({ data: { amount: 5_000_000, term: 6 } }, "nope");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("product_not_found");
  });

  it("prices a productive business loan at its 0.1 %/day cap fitted to a 28-day month", async () => {
    const res = await post({ data: { amount: 10_000_000, term: 6 } }, "alumak");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ daily_rate_ppm: 933, total_interest: 6 * 279_900 });
  });

  it("every start day of a year × every term 1–12 × every product at its maximum rate: zero periods over the cap, the same amounts whatever the day", async () => {
    const products = await t.database.db.select().from(schema.products);
    expect(products.map((p) => p.key).sort()).toEqual(["alumak", "bni_payroll_loan", "spl"]);
    let periods = 0;
    for (const product of products) {
      const settings = product.loanSettings;
      // The seeded rates are the highest a product may have: the cap of its shortest tenor.
      expect(product.dailyRatePpm).toBe(dailyRateCap(product.loanType, settings.min_term, "2027-01-01"));
      for (let term = settings.min_term; term <= settings.max_term; term += settings.term_step) {
        const cap = dailyRateCap(product.loanType, term, "2027-01-01");
        const amounts = new Set<string>();
        for (let day = 0; day < 365; day += 1) {
          const today = addDays("2027-01-01", day);
          const offer = await defaultOfferSchedule(t.database.db, product.key, { amount: settings.max_amount, term }, today);
          const instalments = offer.instalments.map((i) => ({ number: i.number, dueDate: i.due_on, principal: i.principal, interest: i.interest, amount: i.amount }));
          expect(periodsOverCap({ principal: offer.amount, startDate: today, instalments }, cap)).toEqual([]);
          amounts.add(JSON.stringify(instalments.map((i) => i.amount)));
          periods += instalments.length;
        }
        expect(amounts.size).toBe(1);
      }
    }
    expect(periods).toBe(3 * 365 * 78);
  });

  it("answers 404 for a product that is no longer offered", async () => {
    await t.database.db.update(schema.products).set({ active: false }).where(eq(schema.products.key, "bni_payroll_loan"));
    invalidateProductCache("bni_payroll_loan"); // changed behind the back office's back
    const res = await post({ data: { amount: 5_000_000, term: 6 } }, "bni_payroll_loan");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Produk tidak ditemukan.");
  });

  it("refuses a body that is not JSON with 415", async () => {
    const res = await t.app.inject({ method: "POST", url: url(), payload: "amount=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("unsupported_media_type");
  });
});
