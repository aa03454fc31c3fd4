import { schema } from "@pinjaman/db";
import { addMonths, jakartaToday } from "@pinjaman/domain/dates";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import type { TestSession } from "../identity/test-sessions.ts";

const APP = "/app_api/v1";
const t = appWithSessions({ budi: "budi@pinjaman.test", sari: "sari@pinjaman.test" });

const search = (who: TestSession | null, filters: unknown[], page?: number | string) =>
  t.app.inject({ method: "POST", url: `${APP}/invoices/search${page === undefined ? "" : `?page=${page}`}`, headers: who?.headers ?? { "x-locale": "id" }, payload: { filters } });
const byApplication = (id: string) => [{ field: "account_application_id", op: "equals", value: id }];

describe("POST invoices/search", () => {
  it("finds an application's invoices by account_application_id, in due order, with their amounts", async () => {
    const { applicationId, accountId } = await activeLoanFor(t.app.db, t.budi.customerId);
    await activeLoanFor(t.app.db, t.budi.customerId); // another loan of Budi's: not in the filter
    const res = await search(t.budi, byApplication(applicationId));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 4 });
    expect(body.data.map((i: { number: number; due_on: string; total: number; outstanding: number; status: string }) => [i.number, i.due_on, i.total, i.outstanding, i.status])).toEqual([
      [1, "2026-02-28", 560_000, 560_000, "open"],
      [2, "2026-03-31", 560_000, 560_000, "open"],
      [3, "2026-04-30", 560_000, 560_000, "open"],
      [4, "2026-05-31", 560_000, 560_000, "open"],
    ]);
    expect(body.data[0]).toMatchObject({ account_id: accountId, account_application_id: applicationId, principal: 500_000, interest: 60_000, late_fee: 0, paid_principal: 0, paid_interest: 0, paid_late_fee: 0, paid_on: null });
  });

  it("pages twenty at a time", async () => {
    // 24 000 000 over 24 months at 0.1 %/day: 720 000 interest a month.
    const { applicationId } = await activeLoanFor(t.app.db, t.budi.customerId, { amount: 24_000_000, term: 24, dailyRatePpm: 1000, effectiveOn: "2026-01-15" });
    const first = (await search(t.budi, byApplication(applicationId), 1)).json();
    const second = (await search(t.budi, byApplication(applicationId), 2)).json();
    const third = (await search(t.budi, byApplication(applicationId), 3)).json();
    expect(first.data.map((i: { number: number }) => i.number)).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    expect(second.data.map((i: { number: number }) => i.number)).toEqual([21, 22, 23, 24]);
    expect(second.data[3]).toMatchObject({ due_on: "2028-01-15", principal: 1_000_000, interest: 720_000, total: 1_720_000 });
    expect(third.data).toEqual([]);
    expect([first.meta.total, second.meta, third.meta.total]).toEqual([24, { page: 2, per_page: 20, total: 24 }, 24]);
  });

  it("shows only the caller's invoices: another customer's application finds nothing", async () => {
    const { applicationId } = await activeLoanFor(t.app.db, t.budi.customerId);
    const res = await search(t.sari, byApplication(applicationId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
    const all = (await search(t.sari, [])).json();
    expect(all.data).toEqual([]);
  });

  it("refuses an unknown filter field, a bad operator, a bad page, and anonymous callers", async () => {
    const unknown = await search(t.budi, [{ field: "customer_id", op: "equals", value: "x" }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ "filters.0.field": ["Kolom ini tidak dapat dicari"] });
    const op = await search(t.budi, [{ field: "account_application_id", op: "contains", value: "x" }]);
    expect(op.statusCode).toBe(400);
    expect(Object.keys(op.json().error.fields)).toEqual(["filters.0.op"]);
    expect((await search(t.budi, [], 0)).statusCode).toBe(400);
    expect((await search(t.budi, [], "x")).statusCode).toBe(400);
    expect((await search(null, [])).statusCode).toBe(401);
  });
});

describe("GET accounts/{id}/payments/new", () => {
  /**
   * Runs a check that needs one Jakarta date from its setup to its answer (due dates are set
   * relative to today); when the date changed while it ran (midnight Jakarta, 17:00 UTC), runs it
   * once more on the new date instead of failing.
   */
  async function onOneDate(check: (today: string) => Promise<void>): Promise<void> {
    const today = jakartaToday();
    try {
      await check(today);
    } catch (error) {
      if (jakartaToday() === today) throw error;
      await check(jakartaToday());
    }
  }
  const newPayment = (accountId: string, who: TestSession | null) => t.app.inject({ method: "GET", url: `${APP}/accounts/${accountId}/payments/new`, headers: who?.headers ?? {} });
  /** Moves the four invoices' due dates to `first` and the three months after it. */
  async function dueFrom(applicationId: string, first: string) {
    for (let n = 1; n <= 4; n++) {
      await t.app.db
        .update(schema.invoices)
        .set({ dueOn: addMonths(first, n - 1) })
        .where(and(eq(schema.invoices.accountApplicationId, applicationId), eq(schema.invoices.number, n)));
    }
  }

  it("uses the Jakarta date as today until the business clock lands", async () => {
    const { accountId } = await activeLoanFor(t.app.db, t.budi.customerId);
    const before = jakartaToday();
    const data = (await newPayment(accountId, t.budi)).json().data;
    expect([before, jakartaToday()]).toContain(data.today);
  });

  it("before the first due date: nothing due, the next due date and amount", () =>
    onOneDate(async (today) => {
      const { accountId, applicationId } = await activeLoanFor(t.app.db, t.budi.customerId);
      const tomorrow = addDays(today, 1);
      await dueFrom(applicationId, tomorrow);
      const data = (await newPayment(accountId, t.budi)).json().data;
      expect({ amount_due: data.amount_due, today: data.today, next_due_on: data.next_due_on, next_amount: data.next_amount }).toEqual({ amount_due: 0, today, next_due_on: tomorrow, next_amount: 560_000 });
    }));

  it("on the due date: that invoice is due, the next one is a month later", () =>
    onOneDate(async (today) => {
      const { accountId, applicationId } = await activeLoanFor(t.app.db, t.budi.customerId);
      await dueFrom(applicationId, today);
      const data = (await newPayment(accountId, t.budi)).json().data;
      expect([data.amount_due, data.next_due_on]).toEqual([560_000, addMonths(today, 1)]);
    }));

  it("after two due dates: both invoices, less what was paid of them", () =>
    onOneDate(async (today) => {
      const { accountId, applicationId } = await activeLoanFor(t.app.db, t.budi.customerId);
      const first = addMonths(addDays(today, -1), -1);
      await dueFrom(applicationId, first);
      await t.app.db.update(schema.invoices).set({ paidInterest: 60_000, paidPrincipal: 40_000 }).where(and(eq(schema.invoices.accountApplicationId, applicationId), eq(schema.invoices.number, 1)));
      const data = (await newPayment(accountId, t.budi)).json().data;
      expect([data.amount_due, data.next_due_on, data.next_amount]).toEqual([560_000 - 100_000 + 560_000, addMonths(first, 2), 560_000]);
    }));

  it("lists the channels with their VA numbers, the preferred first, with how to pay in Indonesian", async () => {
    const { accountId } = await activeLoanFor(t.app.db, t.budi.customerId);
    await t.app.db.update(schema.accounts).set({ paymentChannel: "mandiri_va" }).where(eq(schema.accounts.id, accountId));
    const res = await newPayment(accountId, t.budi);
    expect(res.statusCode, res.body).toBe(200);
    const channels = res.json().data.channels as { key: string; name: string; virtual_account_number: string; preferred: boolean; methods: { key: string; name: string; steps: string[] }[] }[];
    expect(channels.map((c) => [c.key, c.preferred])).toEqual([
      ["mandiri_va", true],
      ["bca_va", false],
      ["bni_va", false],
      ["bri_va", false],
      ["permata_va", false],
      ["cimb_va", false],
    ]);
    const mandiri = channels[0]!;
    expect(mandiri.name).toBe("Virtual Account Mandiri");
    expect(mandiri.virtual_account_number).toMatch(/^88908\d{11}$/);
    expect(mandiri.methods.map((m) => m.name)).toEqual(["ATM", "Mobile Banking", "Internet Banking"]);
    expect(mandiri.methods[0]!.steps).toEqual([
      "Masukkan kartu ATM Mandiri dan PIN Anda.",
      'Pilih "Bayar/Beli" > "Lainnya" > "Multi Payment".',
      `Masukkan kode perusahaan 88908, lalu nomor virtual account ${mandiri.virtual_account_number}.`,
      'Periksa tagihan, tekan "1" lalu "Ya" untuk membayar.',
    ]);
    const bri = channels.find((c) => c.key === "bri_va")!;
    expect(bri.methods[1]!.steps[2]).toBe(`Masukkan nomor BRIVA ${bri.virtual_account_number}.`);
  });

  it("answers 404 for another customer's account and 401 without a session", async () => {
    const { accountId } = await activeLoanFor(t.app.db, t.budi.customerId);
    const other = await newPayment(accountId, t.sari);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toEqual({ code: "account_not_found", message: "Rekening pinjaman tidak ditemukan." });
    expect((await newPayment(accountId, null)).statusCode).toBe(401);
  });
});

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
