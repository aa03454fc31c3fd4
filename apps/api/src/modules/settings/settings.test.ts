import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { startDueDisbursals } from "../disbursal/cooling-off.ts";
import {
  approvedLoanApplication,
  businessInstant,
  disbursedLoan,
  fundApplication,
} from "../disbursal/sandbox-loans.ts";
import { expireUnfundedApplications } from "../funding/funding-deadline.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import { openInvestmentApplication } from "../funding/investment-applications.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

let t: TestApp;
let admin: TestSession;
let operator: TestSession;
let budi: TestSession;
beforeAll(async () => {
  t = await testApp();
  admin = await sessionFor(t.app.db, "admin@pinjaman.test");
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
  budi = await sessionFor(t.app.db, "budi@pinjaman.test");
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Headers,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/app_api/v1${url}`,
    headers,
    payload: payload as InjectOptions["payload"],
  });
const staffActions = (action: string) =>
  t.app.db
    .select()
    .from(schema.staffActions)
    .where(eq(schema.staffActions.action, action));

const SPL_PRICE = {
  daily_rate_ppm: 3000,
  upfront_fee_ppm: 0,
  min_amount: 500_000,
  max_amount: 20_000_000,
  amount_step: 500_000,
  default_amount: 500_000,
  min_term: 1,
  max_term: 12,
  term_step: 1,
  default_term: 7,
  active: true,
};
const price = (
  changes: Partial<typeof SPL_PRICE> = {},
  reason = "Penyesuaian harga kuartal",
) => ({ data: { ...SPL_PRICE, ...changes, reason } });

describe("access: every settings route is the admin's", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/staff/products"],
    ["POST", "/staff/products/spl/pricing", price()],
    ["GET", "/staff/company_settings"],
    ["GET", "/staff/api_keys"],
    ["POST", "/staff/api_keys", { data: { name: "Mitra", scopes: ["tkb"] } }],
    ["GET", "/staff/tkb_snapshots"],
    ["GET", "/staff/audit_log"],
  ];
  it("refuses an operator without the permission and a customer with 403, nobody with 401, and changes nothing", async () => {
    const before = await rowCounts(t.database);
    for (const [method, url, body] of routes) {
      for (const [who, status] of [
        [operator.headers, 403],
        [budi.headers, 403],
        [{ "x-locale": "id" }, 401],
      ] as const) {
        const res = await call(method as "GET", url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    }
    const after = await rowCounts(t.database);
    // Only the sessions' own bookkeeping may move; no settings table.
    for (const table of [
      "products",
      "product_pricing",
      "platform_settings",
      "company_config",
      "api_keys",
      "staff_actions",
      "tkb_snapshots",
    ]) {
      expect(after[table], table).toBe(before[table]);
    }
  });
});

describe("products and pricing", () => {
  it("lists each product with its seeded price list as version 1", async () => {
    const res = await call("GET", "/staff/products", admin.headers);
    expect(res.statusCode).toBe(200);
    const spl = res.json().data.find((p: { key: string }) => p.key === "spl");
    expect(spl).toMatchObject({
      name: "Pinjaman Cicilan",
      loan_type: "consumptive",
      current: { version: 1, ...SPL_PRICE, staff_id: null },
    });
    expect(spl.history).toHaveLength(1);
  });

  it("refuses bad input with field messages and changes nothing", async () => {
    const before = await rowCounts(t.database);
    const missing = await call(
      "POST",
      "/staff/products/spl/pricing",
      admin.headers,
      { data: { daily_rate_ppm: 2000 } },
    );
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(
      expect.arrayContaining([
        "upfront_fee_ppm",
        "min_amount",
        "active",
        "reason",
      ]),
    );

    const order = await call(
      "POST",
      "/staff/products/spl/pricing",
      admin.headers,
      price({
        min_amount: 5_000_000,
        max_amount: 1_000_000,
        daily_rate_ppm: 12.5,
      }),
    );
    expect(order.statusCode).toBe(422);
    expect(order.json().error.fields).toEqual({
      daily_rate_ppm: ["Harus bilangan bulat."],
    });

    const limits = await call(
      "POST",
      "/staff/products/spl/pricing",
      admin.headers,
      price({ min_amount: 5_000_000, max_amount: 1_000_000, default_term: 13 }),
    );
    expect(limits.statusCode).toBe(422);
    expect(limits.json().error.fields).toEqual({
      max_amount: ["Tidak boleh di bawah jumlah minimum Rp 5.000.000."],
      default_amount: [
        "Nilai awal harus di dalam batas dan pada kelipatannya.",
      ],
      default_term: ["Nilai awal harus di dalam batas dan pada kelipatannya."],
    });
    expect(
      (
        await call(
          "POST",
          "/staff/products/nope/pricing",
          admin.headers,
          price(),
        )
      ).statusCode,
    ).toBe(404);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("refuses a price outside the OJK guard: a daily rate above the cap, a fee that takes a tenor's rate and fees over the cap", async () => {
    const before = await rowCounts(t.database);
    const rate = await call(
      "POST",
      "/staff/products/spl/pricing",
      admin.headers,
      price({ daily_rate_ppm: 3500 }),
    );
    expect(rate.statusCode).toBe(422);
    expect(rate.json().error.fields).toEqual({
      daily_rate_ppm: [
        "Bunga 0,35%/hari melebihi batas maksimum OJK 0,3%/hari.",
      ],
    });

    const fee = await call(
      "POST",
      "/staff/products/spl/pricing",
      admin.headers,
      price({ upfront_fee_ppm: 10_000 }),
    );
    expect(fee.statusCode).toBe(422);
    expect(fee.json().error.fields.upfront_fee_ppm[0]).toMatch(
      /^Tenor 1 bulan melanggar batas OJK: Bunga dan biaya Rp 47\.000 melebihi batas maksimum manfaat ekonomi OJK Rp 42\.000/,
    );

    const productive = await call(
      "POST",
      "/staff/products/alumak/pricing",
      admin.headers,
      price({ daily_rate_ppm: 2000 }),
    );
    expect(productive.statusCode).toBe(422);
    expect(productive.json().error.fields.daily_rate_ppm).toEqual([
      "Bunga 0,2%/hari melebihi batas maksimum OJK 0,1%/hari.",
    ]);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("a new price reaches the calculator at once, is audited, and an application keeps the price it was priced with", async () => {
    const db = t.app.db as Db;
    const [customer] = await db
      .insert(schema.customers)
      .values({ name: "Peminjam Harga", email: "peminjam.harga@contoh.co.id" })
      .returning({ id: schema.customers.id });
    // Priced before the change at the rate the offer gave: 0.3 % fitted to a 28-day month.
    const older = await approvedLoanApplication(db, customer!.id, {
      amount: 3_000_000,
      term: 4,
      dailyRatePpm: 2800,
    });
    const [olderRow] = await db
      .select()
      .from(schema.accountApplications)
      .where(eq(schema.accountApplications.id, older.applicationId));

    const offer = () =>
      t.app.inject({
        method: "POST",
        url: "/pub_api/v1/open/products/spl/default_offer/schedule",
        payload: { data: { amount: 3_000_000, term: 4 } },
      });
    expect((await offer()).json().data.daily_rate_ppm).toBe(2800); // cached from here on

    const res = await call(
      "POST",
      "/staff/products/spl/pricing",
      admin.headers,
      price({
        daily_rate_ppm: 2500,
        upfront_fee_ppm: 9_000,
        max_term: 6,
        default_term: 6,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.current).toMatchObject({
      version: 2,
      daily_rate_ppm: 2500,
      upfront_fee_ppm: 9_000,
      max_term: 6,
      staff_id: admin.customerId,
      reason: "Penyesuaian harga kuartal",
    });
    expect(
      res.json().data.history.map((v: { version: number }) => v.version),
    ).toEqual([2, 1]);

    const priced = (await offer()).json().data;
    expect(priced).toMatchObject({
      daily_rate_ppm: 2500,
      total_interest: 900_000,
    }); // 3,000,000 × 0.25 % × 120 days
    const tooLong = await t.app.inject({
      method: "POST",
      url: "/pub_api/v1/open/products/spl/default_offer/schedule",
      payload: { data: { amount: 3_000_000, term: 7 } },
    });
    expect(tooLong.statusCode).toBe(400);

    const [audit] = await staffActions("product_pricing.change");
    expect(audit).toMatchObject({
      staffId: admin.customerId,
      permission: "products.manage",
      subjectType: "product",
      subjectId: "spl",
      reason: "Penyesuaian harga kuartal",
    });
    expect(audit!.before).toMatchObject({
      version: 1,
      daily_rate_ppm: 3000,
      upfront_fee_ppm: 0,
    });
    expect(audit!.after).toMatchObject({
      version: 2,
      daily_rate_ppm: 2500,
      upfront_fee_ppm: 9_000,
    });

    // Priced after the change: its disbursal keeps the 0.9 % fee; the older one keeps no fee and its own rate and total.
    const newer = await approvedLoanApplication(db, customer!.id, {
      amount: 3_000_000,
      term: 4,
      dailyRatePpm: 2500,
    });
    let n = 0;
    for (const applicationId of [older.applicationId, newer.applicationId]) {
      const lender = await lenderWithFunds(
        db,
        `pemodal.harga.${++n}@contoh.co.id`,
        5_000_000,
        "2026-11-02",
      );
      await fundApplication(
        db,
        applicationId,
        [
          {
            customerId: lender.customerId,
            investmentAccountId: lender.accountId,
            amount: 3_000_000,
          },
        ],
        "2026-11-02",
      );
    }
    await db.transaction((tx) =>
      startDueDisbursals(
        tx as unknown as Db,
        "2026-11-04",
        businessInstant("2026-11-04", "00:40"),
      ),
    );
    const disbursal = async (id: string) =>
      (
        await db
          .select()
          .from(schema.disbursals)
          .where(eq(schema.disbursals.accountApplicationId, id))
      )[0];
    expect(await disbursal(older.applicationId)).toMatchObject({
      payout: 3_000_000,
      upfrontFee: 0,
    });
    expect(await disbursal(newer.applicationId)).toMatchObject({
      payout: 2_973_000,
      upfrontFee: 27_000,
    });
    const [olderAfter] = await db
      .select()
      .from(schema.accountApplications)
      .where(eq(schema.accountApplications.id, older.applicationId));
    expect({
      rate: olderAfter!.dailyRatePpm,
      total: olderAfter!.totalRepayment,
    }).toEqual({ rate: 2800, total: olderRow!.totalRepayment });
  });

  it("an inactive product leaves the calculator at once", async () => {
    const res = await call(
      "POST",
      "/staff/products/bni_payroll_loan/pricing",
      admin.headers,
      price({ active: false }, "Produk dihentikan"),
    );
    expect(res.statusCode).toBe(201);
    const offer = await t.app.inject({
      method: "POST",
      url: "/pub_api/v1/open/products/bni_payroll_loan/default_offer/schedule",
      payload: { data: { amount: 3_000_000, term: 4 } },
    });
    expect(offer.statusCode).toBe(404);
  });
});

describe("company settings", () => {
  const settings = async () =>
    (await call("GET", "/staff/company_settings", admin.headers)).json().data;

  it("shows the company facts and the platform defaults (fee from the environment, 14 days, 80 %)", async () => {
    const data = await settings();
    expect(data.company).toMatchObject({
      name: "PT Pinjaman Digital Indonesia",
      email: "halo@pinjaman.co.id",
    });
    expect(data.platform).toEqual({
      platform_fee_ppm: 100_000,
      funding_period_days: 14,
      autoinvest_share_ppm: 800_000,
    });
  });

  it("refuses bad values with field messages and changes nothing", async () => {
    const data = await settings();
    const before = await rowCounts(t.database);
    const res = await call("PUT", "/staff/company_settings", admin.headers, {
      data: {
        ...data,
        company: {
          ...data.company,
          email: "bukan-email",
          facebook_page_url: "http://x",
        },
        reason: "Uji",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      "company.email",
      "company.facebook_page_url",
    ]);
    const platform = await call(
      "PUT",
      "/staff/company_settings",
      admin.headers,
      {
        data: {
          ...data,
          platform: {
            ...data.platform,
            funding_period_days: 0,
            platform_fee_ppm: 900_000,
          },
          reason: "Uji batas",
        },
      },
    );
    expect(platform.statusCode).toBe(422);
    expect(platform.json().error.fields).toEqual({
      "platform.platform_fee_ppm": ["Harus antara 0% dan 65%."],
      "platform.funding_period_days": ["Harus antara 1 dan 60."],
    });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("saves both parts, audits each with before and after, and the site's header shows the new phone", async () => {
    const data = await settings();
    const res = await call("PUT", "/staff/company_settings", admin.headers, {
      data: {
        company: { ...data.company, phone: "+62 21 555 0101" },
        platform: { ...data.platform, funding_period_days: 10 },
        reason: "Nomor baru dan tenggat pendanaan",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.platform.funding_period_days).toBe(10);
    expect((await settings()).company.phone).toBe("+62 21 555 0101");
    const [company] = await staffActions("company_config.change");
    expect(company).toMatchObject({
      permission: "config.manage",
      before: { phone: "+62 21 5091 8800" },
      after: { phone: "+62 21 555 0101" },
      reason: "Nomor baru dan tenggat pendanaan",
    });
    const [platform] = await staffActions("platform_settings.change");
    expect(platform).toMatchObject({
      before: { funding_period_days: 14 },
      after: { funding_period_days: 10 },
    });
  });

  it("the saved funding period is the one the deadline job and the marketplace count with", async () => {
    const db = t.app.db as Db;
    const [customer] = await db
      .insert(schema.customers)
      .values({
        name: "Peminjam Tenggat",
        email: "peminjam.tenggat@contoh.co.id",
      })
      .returning({ id: schema.customers.id });
    const { applicationId } = await approvedLoanApplication(
      db,
      customer!.id,
      { amount: 2_000_000, term: 4, dailyRatePpm: 1000 },
      "2026-11-01",
    );
    expect(
      (await openInvestmentApplication(db, applicationId)).funding_deadline,
    ).toBe("2026-11-11");
    const expire = (date: string) =>
      db.transaction((tx) =>
        expireUnfundedApplications(tx as unknown as Db, date),
      );
    expect(await expire("2026-11-10")).not.toContain(applicationId);
    expect(await expire("2026-11-11")).toContain(applicationId);
  });
});

describe("the saved platform fee", () => {
  it("is taken from each lender's interest of a payment received after the change", async () => {
    const db = t.app.db as Db;
    const current = (
      await call("GET", "/staff/company_settings", admin.headers)
    ).json().data;
    const saved = await call("PUT", "/staff/company_settings", admin.headers, {
      data: {
        ...current,
        platform: { ...current.platform, platform_fee_ppm: 50_000 },
        reason: "Biaya platform 5 %",
      },
    });
    expect(saved.statusCode).toBe(200);
    const lender = await lenderWithFunds(
      db,
      "pemodal.biaya@contoh.co.id",
      2_000_000,
      "2026-01-30",
    );
    const [borrower] = await db
      .insert(schema.customers)
      .values({ name: "Peminjam Biaya", email: "peminjam.biaya@contoh.co.id" })
      .returning({ id: schema.customers.id });
    const loan = await disbursedLoan(db, {
      borrowerCustomerId: borrower!.id,
      lenders: [
        {
          customerId: lender.customerId,
          investmentAccountId: lender.accountId,
          amount: 2_000_000,
        },
      ],
      terms: { term: 4, dailyRatePpm: 1000 },
      effectiveOn: "2026-01-31",
    });
    const bca = loan.virtualAccounts.find((v) => v.channel === "bca_va")!;
    // The environment's 10 % is the default the caller passes; the saved 5 % wins.
    await receivePayment(
      db,
      {
        channel: "bca_va",
        virtualAccountNumber: bca.number,
        amount: 560_000,
        gatewayTransactionId: "trx-biaya-1",
        businessDate: "2026-02-28",
        source: "gateway",
      },
      { platformFeePpm: 100_000 },
    );
    const funds = balanceOf(
      "lender_funds",
      (await findLedgerAccount(db, "lender_funds", lender))!,
    ).available;
    expect(funds).toBe(500_000 + 60_000 - 3_000 - 9_000); // principal + interest − 5 % fee − 15 % PPh 23
  });
});

describe("API keys", () => {
  it("creates a key shown once, lists it without the key, revokes it with a reason; the revoked key no longer opens tkb.php", async () => {
    const bad = await call("POST", "/staff/api_keys", admin.headers, {
      data: { name: "", scopes: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      "name",
      "scopes",
    ]);

    const created = await call("POST", "/staff/api_keys", admin.headers, {
      data: { name: "Mitra TKB", scopes: ["tkb"] },
    });
    expect(created.statusCode).toBe(201);
    const { key, id, prefix } = created.json().data;
    expect(key).toMatch(/^pjk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url: `/tkb.php?key=${key}` }))
        .statusCode,
    ).toBe(200);

    const list = (await call("GET", "/staff/api_keys", admin.headers)).json()
      .data;
    const listed = list.find((k: { id: string }) => k.id === id);
    expect(listed).toMatchObject({
      name: "Mitra TKB",
      scopes: ["tkb"],
      revoked_at: null,
    });
    expect(JSON.stringify(list)).not.toContain(key);

    expect(
      (
        await call("POST", `/staff/api_keys/${id}/revoke`, admin.headers, {
          data: {},
        })
      ).statusCode,
    ).toBe(400);
    const revoked = await call(
      "POST",
      `/staff/api_keys/${id}/revoke`,
      admin.headers,
      { data: { reason: "Kerja sama berakhir" } },
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revoked_at).not.toBeNull();
    expect(
      (
        await call("POST", `/staff/api_keys/${id}/revoke`, admin.headers, {
          data: { reason: "Lagi" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/tkb.php?key=${key}` }))
        .statusCode,
    ).toBe(401);

    const [create] = await staffActions("api_key.create");
    expect(create).toMatchObject({
      subjectId: id,
      permission: "api_keys.manage",
    });
    expect(JSON.stringify(create!.after)).not.toContain(key);
    const [revoke] = await staffActions("api_key.revoke");
    expect(revoke).toMatchObject({
      subjectId: id,
      reason: "Kerja sama berakhir",
    });
  });
});

describe("TKB history", () => {
  it("lists the snapshots newest first with their percentages", async () => {
    const res = await call("GET", "/staff/tkb_snapshots", admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      source: "seed",
      as_of: null,
      entries: [
        { name: "TKB0", percentage: "92.14" },
        { name: "TKB30", percentage: "96.58" },
        { name: "TKB60", percentage: "98.02" },
        { name: "TKB90", percentage: "98.87" },
      ],
    });
    expect(res.json().meta).toEqual({ page: 1, has_more: false });
    expect(
      (await call("GET", "/staff/tkb_snapshots?page=0", admin.headers))
        .statusCode,
    ).toBe(400);
  });
});

describe("audit log", () => {
  const log = async (query: string) => {
    const res = await call("GET", `/staff/audit_log${query}`, admin.headers);
    expect(res.statusCode, query).toBe(200);
    return res.json();
  };

  it("merges staff actions and customers' events, newest first, and filters by staff member, action, subject, customer and dates", async () => {
    const all = await log("");
    expect(all.meta.page).toBe(1);
    expect(all.data.some((e: { source: string }) => e.source === "staff")).toBe(
      true,
    );

    const byAdmin = await log(`?staff_id=${admin.customerId}&source=staff`);
    expect(byAdmin.data.length).toBeGreaterThanOrEqual(6);
    expect(
      byAdmin.data.every(
        (e: { actor_id: string; actor_name: string }) =>
          e.actor_id === admin.customerId && e.actor_name === "Agus Admin",
      ),
    ).toBe(true);
    const times = byAdmin.data.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const pricing = await log("?action=pricing&subject_id=spl");
    expect(pricing.data).toHaveLength(1);
    expect(pricing.data[0]).toMatchObject({
      source: "staff",
      action: "product_pricing.change",
      permission: "products.manage",
      subject_type: "product",
      subject_id: "spl",
      reason: "Penyesuaian harga kuartal",
    });

    await t.app.db.insert(schema.auditEvents).values({
      type: "login_succeeded",
      customerId: budi.customerId,
      ip: "10.0.0.9",
      requestId: "req-audit-1",
    });
    const forBudi = await log(`?customer_id=${budi.customerId}`);
    expect(
      forBudi.data.map((e: { source: string; action: string; ip: string }) => [
        e.source,
        e.action,
        e.ip,
      ]),
    ).toContainEqual(["customer", "login_succeeded", "10.0.0.9"]);
    expect(
      forBudi.data.every(
        (e: { subject_id: string }) => e.subject_id === budi.customerId,
      ),
    ).toBe(true);

    expect((await log("?from=2000-01-01&until=2000-01-31")).data).toEqual([]);
  });

  it("refuses bad filters with field messages", async () => {
    const res = await call(
      "GET",
      "/staff/audit_log?staff_id=abc&from=2026-13&until=2026-01-01",
      admin.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      "from",
      "staff_id",
    ]);
    const order = await call(
      "GET",
      "/staff/audit_log?from=2026-02-01&until=2026-01-01",
      admin.headers,
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().error.fields).toEqual({
      until: ["Tanggal akhir tidak boleh sebelum tanggal awal."],
    });
  });

  it("records the TKB snapshot taken on demand as a staff action (nothing to take: nothing recorded)", async () => {
    const res = await call("POST", "/tkb_snapshots", admin.headers, {
      data: {},
    });
    expect([201, 409]).toContain(res.statusCode);
    const rows = await t.app.db
      .select()
      .from(schema.staffActions)
      .where(
        and(
          eq(schema.staffActions.action, "tkb_snapshot.take"),
          eq(schema.staffActions.staffId, admin.customerId),
        ),
      );
    expect(rows).toHaveLength(res.statusCode === 201 ? 1 : 0);
  });
});
