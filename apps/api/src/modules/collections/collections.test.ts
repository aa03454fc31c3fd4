import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import { lateLoanFixture } from "./late-loan-fixture.ts";

const APP = "/app_api/v1/staff";

let t: TestApp;
let operator: TestSession;
let today: string;
let loans: Record<"jakarta" | "bali" | "papua" | "b31" | "b61" | "b91" | "current", Awaited<ReturnType<typeof lateLoanFixture>>>;

function call(session: TestSession | null, method: "GET" | "POST", url: string, payload?: unknown) {
  return t.app.inject({ method, url: `${APP}${url}`, headers: session ? session.headers : { "x-locale": "id" }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

beforeAll(async () => {
  t = await testApp();
  today = jakartaToday();
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
  const db = t.app.db;
  // Disbursed 45 days ago: the first instalment fell due 14–17 days ago (bucket 1–30).
  loans = {
    jakarta: await lateLoanFixture(db, { today, daysAgo: 45, region: "31.71", name: "Budi Jakarta" }),
    bali: await lateLoanFixture(db, { today, daysAgo: 45, region: "51", name: "Made Bali" }),
    papua: await lateLoanFixture(db, { today, daysAgo: 45, region: "91.71.01", name: "Yosef Jayapura" }),
    b31: await lateLoanFixture(db, { today, daysAgo: 80, name: "Sari 31" }),
    b61: await lateLoanFixture(db, { today, daysAgo: 105, name: "Rina 61" }),
    b91: await lateLoanFixture(db, { today, daysAgo: 160, name: "Joko 91" }),
    // Disbursed 10 days ago: nothing due yet, not in collections.
    current: await lateLoanFixture(db, { today, daysAgo: 10, name: "Tepat Waktu" }),
  };
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("late loans by bucket", () => {
  it("lists only late active loans, most late first, each in its days-past-due bucket, with counts", async () => {
    const res = await call(operator, "GET", "/collections");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const names = body.data.map((l: { borrower_name: string }) => l.borrower_name);
    expect(names.slice(0, 3)).toEqual(["Joko 91", "Rina 61", "Sari 31"]);
    expect(names).not.toContain("Tepat Waktu");
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 6, today, counts: { "1_30": 3, "31_60": 1, "61_90": 1, over_90: 1 } });
    const joko = body.data[0];
    expect(joko).toMatchObject({ account_id: loans.b91.accountId, bucket: "over_90", time_zone: "WIB", outstanding_principal: 4_000_000 });
    expect(joko.days_past_due).toBeGreaterThan(90);
    // Every instalment of the 4-month loan is due by now: the whole 4,000,000 + 480,000 interest is overdue.
    expect(joko.overdue_amount).toBe(4_480_000);
    const made = body.data.find((l: { borrower_name: string }) => l.borrower_name === "Made Bali");
    expect(made).toMatchObject({ bucket: "1_30", time_zone: "WITA", overdue_amount: 1_120_000 });

    const only = await call(operator, "GET", "/collections?bucket=61_90");
    expect(only.json().data.map((l: { borrower_name: string }) => l.borrower_name)).toEqual(["Rina 61"]);
    expect((await call(operator, "GET", "/collections?bucket=5_10")).statusCode).toBe(400);
  });
});

describe("contacting a borrower only 08:00–20:00 of their own time zone", () => {
  /** The business instant at `utc` o'clock of today's date (UTC), with a fresh staff session. */
  async function at(utc: string) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${today}T${utc}:00Z`));
    return sessionFor(t.app.db, "operator@pinjaman.test");
  }
  const contact = { channel: "call", outcome: "no_answer", note: "Tidak diangkat" };

  it("at 12:30 UTC: 19:30 in Jakarta (recorded), 20:30 in Bali and 21:30 in Jayapura (refused, nothing stored)", async () => {
    const staff = await at("12:30");
    const ok = await call(staff, "POST", `/collections/${loans.jakarta.accountId}/contacts`, contact);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ channel: "call", outcome: "no_answer", time_zone: "WIB", note: "Tidak diangkat" });

    const before = await rowCounts(t.database);
    const bali = await call(staff, "POST", `/collections/${loans.bali.accountId}/contacts`, contact);
    expect(bali.statusCode).toBe(409);
    expect(bali.json().error).toEqual({
      code: "outside_contact_hours",
      message: "Di luar jam penagihan: sekarang pukul 20:30 WITA di tempat peminjam. Peminjam hanya boleh dihubungi pukul 08.00–20.00 waktu setempat.",
    });
    const papua = await call(staff, "POST", `/collections/${loans.papua.accountId}/contacts`, { ...contact, channel: "sms", outcome: "message_sent" });
    expect(papua.statusCode).toBe(409);
    expect(papua.json().error.message).toContain("21:30 WIT");
    expect(await rowCounts(t.database)).toEqual(before);

    const view = await call(staff, "GET", `/collection_cases/${loans.bali.accountId}`);
    expect(view.json().data.contact_window).toEqual({ allowed: false, local_time: "20:30 WITA", from: "08:00", until: "20:00" });
  });

  it("at 00:30 UTC: 07:30 in Jakarta (refused), 08:30 in Bali and 09:30 in Jayapura (recorded)", async () => {
    const staff = await at("00:30");
    expect((await call(staff, "POST", `/collections/${loans.jakarta.accountId}/contacts`, contact)).statusCode).toBe(409);
    expect((await call(staff, "POST", `/collections/${loans.bali.accountId}/contacts`, contact)).statusCode).toBe(201);
    const papua = await call(staff, "POST", `/collections/${loans.papua.accountId}/contacts`, { ...contact, channel: "whatsapp", outcome: "promised" });
    expect(papua.statusCode).toBe(201);
    expect(papua.json().data.time_zone).toBe("WIT");
  });

  it("at the edges in Jakarta: 07:59 refused, 08:00 recorded, 19:59 recorded, 20:00 refused", async () => {
    const outcomes: number[] = [];
    for (const utc of ["00:59", "01:00", "12:59", "13:00"]) {
      const staff = await at(utc);
      outcomes.push((await call(staff, "POST", `/collections/${loans.jakarta.accountId}/contacts`, contact)).statusCode);
      vi.useRealTimers();
    }
    expect(outcomes).toEqual([409, 201, 201, 409]);
  });

  it("shows the contact log newest first with who made each contact, audited", async () => {
    const res = await call(operator, "GET", `/collection_cases/${loans.jakarta.accountId}`);
    expect(res.statusCode).toBe(200);
    const contacts = res.json().data.contacts;
    expect(contacts.length).toBe(3);
    expect(contacts[0].staff_name).toBeTruthy();
    const audited = await t.app.db.select().from(schema.staffActions).where(eq(schema.staffActions.subjectId, loans.jakarta.accountId));
    expect(audited.filter((a) => a.action === "collection.contact")).toHaveLength(3);
  });

  it("refuses a bad contact (400 with fields), an unknown loan (404) and customers (403)", async () => {
    const staff = await at("05:00");
    const borrower = await sessionFor(t.app.db, loans.jakarta.email);
    const before = await rowCounts(t.database);
    const bad = await call(staff, "POST", `/collections/${loans.jakarta.accountId}/contacts`, { channel: "pigeon", outcome: "reached" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(["channel"]);
    expect((await call(staff, "POST", "/collections/00000000-0000-4000-8000-000000000000/contacts", contact)).statusCode).toBe(404);
    expect((await call(borrower, "POST", `/collections/${loans.jakarta.accountId}/contacts`, contact)).statusCode).toBe(403);
    expect((await call(borrower, "GET", "/collections")).statusCode).toBe(403);
    expect((await call(borrower, "GET", `/collection_cases/${loans.jakarta.accountId}`)).statusCode).toBe(403);
    expect((await call(null, "GET", "/collections")).statusCode).toBe(401);
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe("promises to pay", () => {
  it("a promise is pending until paid, kept once the payments since it reach its amount, broken when its date passes unpaid", async () => {
    const loan = loans.b31;
    const made = await call(operator, "POST", `/collections/${loan.accountId}/promises`, { promised_on: addDays(today, 5), amount: 500_000, note: "Gajian tanggal 25" });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ status: "pending", paid: 0, amount: 500_000, made_on: today });

    const va = loan.virtualAccounts[0]!;
    await receivePayment(t.app.db, { channel: va.channel, virtualAccountNumber: va.number, amount: 300_000, gatewayTransactionId: "ptp-1", businessDate: today, source: "gateway" }, { platformFeePpm: 100_000 });
    let view = (await call(operator, "GET", `/collection_cases/${loan.accountId}`)).json().data;
    expect(view.promises[0]).toMatchObject({ status: "pending", paid: 300_000 });
    await receivePayment(t.app.db, { channel: va.channel, virtualAccountNumber: va.number, amount: 200_000, gatewayTransactionId: "ptp-2", businessDate: today, source: "gateway" }, { platformFeePpm: 100_000 });
    view = (await call(operator, "GET", `/collection_cases/${loan.accountId}`)).json().data;
    expect(view.promises[0]).toMatchObject({ status: "kept", paid: 500_000 });

    // A promise made earlier whose date passed without the money.
    const [staff] = await t.app.db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, "operator@pinjaman.test"));
    await t.app.db.insert(schema.promisesToPay).values({ accountId: loans.b61.accountId, staffId: staff!.id, madeOn: addDays(today, -10), promisedOn: addDays(today, -3), amount: 250_000 });
    view = (await call(operator, "GET", `/collection_cases/${loans.b61.accountId}`)).json().data;
    expect(view.promises[0]).toMatchObject({ status: "broken", paid: 0, amount: 250_000 });
  });

  it("refuses a date in the past or more than 30 days ahead, a zero or fractional amount (400 with fields), changing nothing", async () => {
    const before = await rowCounts(t.database);
    const url = `/collections/${loans.b61.accountId}/promises`;
    const past = await call(operator, "POST", url, { promised_on: addDays(today, -1), amount: 100_000 });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.promised_on).toEqual(["Tanggal janji harus antara hari ini dan 30 hari ke depan."]);
    expect((await call(operator, "POST", url, { promised_on: addDays(today, 31), amount: 100_000 })).statusCode).toBe(400);
    expect((await call(operator, "POST", url, { promised_on: "2026-02-30", amount: 100_000 })).statusCode).toBe(400);
    const zero = await call(operator, "POST", url, { promised_on: today, amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().error.fields)).toEqual(["amount"]);
    expect((await call(operator, "POST", url, { promised_on: today, amount: 10.5 })).statusCode).toBe(400);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("refuses a promise for more than the borrower still owes (400 naming the amount and what is owed), changing nothing", async () => {
    const [owed] = await t.app.db
      .select({ total: sql<string>`sum(principal - paid_principal + interest - paid_interest + late_fee - paid_late_fee)::text` })
      .from(schema.invoices)
      .where(and(eq(schema.invoices.accountId, loans.b61.accountId), eq(schema.invoices.status, "open")));
    const total = Number(owed!.total);
    const before = await rowCounts(t.database);
    const url = `/collections/${loans.b61.accountId}/promises`;
    for (const amount of [total + 1, Number.MAX_SAFE_INTEGER]) {
      const res = await call(operator, "POST", url, { promised_on: today, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ amount: [`Jumlah janji bayar paling banyak sisa kewajiban peminjam: ${formatRupiah(total)}.`] });
    }
    expect(await rowCounts(t.database)).toEqual(before);
    const all = await call(operator, "POST", url, { promised_on: today, amount: total });
    expect(all.statusCode, all.body).toBe(201);
  });
});
