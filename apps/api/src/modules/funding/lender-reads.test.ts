import { schema } from "@pinjaman/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import { approvedApplication, lenderWithFunds } from "./funding-fixtures.ts";
import { lenderStatistics } from "./lender-statistics.ts";
import { xirrPpm } from "@pinjaman/domain/xirr";

/**
 * The lender's reads (issue 9 §3): Ani holds 1.5 of a 2 million loan paid out on 2026-01-31 (Eko
 * the other 0.5) whose first instalment was paid on time, and 300 000 pending in an open
 * application. Eko must see none of Ani's.
 */
describe("lender reads under app_api/v1/accounts/{id}", () => {
  let t: TestApp;
  let ani: TestSession & { accountId: string };
  let eko: TestSession & { accountId: string };
  let loan: Awaited<ReturnType<typeof disbursedLoan>>;
  let borrowerId: string;
  let openApplicationId: string;
  let openBorrowerId: string;
  let settledId: string;
  let pendingId: string;

  const lender = async (email: string) => {
    const { accountId } = await lenderWithFunds(t.database.db, email, 10_000_000, "2026-01-01");
    return { ...(await sessionFor(t.database.db, email)), accountId };
  };
  const get = (who: TestSession, url: string) =>
    t.app.inject({
      method: "GET",
      url: `/app_api/v1${url}`,
      headers: who.headers,
    });
  const post = (who: TestSession, url: string, payload: object = { filters: [] }) =>
    t.app.inject({
      method: "POST",
      url: `/app_api/v1${url}`,
      headers: who.headers,
      payload,
    });

  beforeAll(async () => {
    t = await testApp();
    const db = t.database.db;
    ani = await lender("ani.pemodal@contoh.co.id");
    eko = await lender("eko.pemodal@contoh.co.id");
    const [borrower] = await db
      .insert(schema.customers)
      .values({
        name: "Rahasia Peminjam",
        email: "rahasia.peminjam@contoh.co.id",
        phone: "+6281299990001",
      })
      .returning();
    borrowerId = borrower!.id;
    loan = await disbursedLoan(db, {
      borrowerCustomerId: borrowerId,
      lenders: [
        {
          customerId: ani.customerId,
          investmentAccountId: ani.accountId,
          amount: 1_500_000,
        },
        {
          customerId: eko.customerId,
          investmentAccountId: eko.accountId,
          amount: 500_000,
        },
      ],
      terms: { term: 4, dailyRatePpm: 1000 },
      effectiveOn: "2026-01-31",
    });
    await db.insert(schema.addressRegions).values({ code: "32", name: "Jawa Barat" }).onConflictDoNothing();
    await db.insert(schema.addressCities).values({ code: "32.73", regionCode: "32", name: "Kota Bandung" }).onConflictDoNothing();
    await db.execute(sql`update customer_profiles set kyc = kyc || '{"region": "32", "city": "32.73"}'::jsonb where customer_id = ${borrowerId}`);
    const bca = loan.virtualAccounts.find((v) => v.channel === "bca_va")!;
    const first = loan.invoices[0]!;
    await receivePayment(
      db,
      {
        channel: "bca_va",
        virtualAccountNumber: bca.number,
        amount: first.total,
        gatewayTransactionId: "trx-lender-reads-1",
        businessDate: first.dueOn,
        source: "gateway",
      },
      { platformFeePpm: 100_000 },
    );
    const open = await approvedApplication(db, "peminjam.terbuka@contoh.co.id", 3_000_000);
    openApplicationId = open.applicationId;
    openBorrowerId = open.customerId;
    const res = await post(ani, `/accounts/${ani.accountId}/investments`, {
      data: {
        account_application_id: openApplicationId,
        amount: 300_000,
        idempotency_key: "ani-open-0001",
      },
    });
    expect(res.statusCode).toBe(201);
    pendingId = res.json().data.investment.id;
    [{ id: settledId }] = (
      await db.select({ id: schema.investments.id }).from(schema.investments).where(eq(schema.investments.investmentAccountId, ani.accountId))
    ).filter((r) => r.id !== pendingId) as [{ id: string }];
  });
  afterAll(() => t.close());

  it("lists the lender's investments newest first with terms, labels, received and outstanding; filters by status", async () => {
    const res = await post(ani, `/accounts/${ani.accountId}/investments/search`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ page: 1, per_page: 20, total: 2 });
    expect(data.map((i: { id: string; status_label: string; amount: number }) => [i.id, i.status_label, i.amount])).toEqual([
      [pendingId, "Pendanaan tertunda", 300_000],
      [settledId, "Didanakan", 1_500_000],
    ]);
    const settled = data[1];
    // 3/4 of the first instalment's 500 000 principal and 3/4 of its 60 000 interest (2 000 000 × 0.1 % × 30 days).
    expect(settled.received).toMatchObject({
      principal: 375_000,
      interest: loan.invoices[0]!.interest * 0.75,
    });
    expect(settled.received.platform_fee).toBe(Math.floor(settled.received.interest / 10));
    expect(settled.outstanding_principal).toBe(1_125_000);
    expect(settled.terms).toMatchObject({
      amount: 2_000_000,
      term: 4,
      daily_rate_ppm: 1000,
      effective_on: "2026-01-31",
    });
    const filtered = await post(ani, `/accounts/${ani.accountId}/investments/search`, { filters: [{ field: "status", op: "equals", value: "pending" }] });
    expect(filtered.json().data.map((i: { id: string }) => i.id)).toEqual([pendingId]);
  });

  it("shows one investment with the lender's part of each instalment and each repayment", async () => {
    const res = await get(ani, `/accounts/${ani.accountId}/investments/${settledId}`);
    expect(res.statusCode).toBe(200);
    const { schedule, repayments } = res.json().data;
    expect(schedule).toHaveLength(4);
    expect(schedule.reduce((s: number, i: { principal: number }) => s + i.principal, 0)).toBe(1_500_000);
    expect(schedule[0]).toMatchObject({
      number: 1,
      principal: 375_000,
      status: "paid",
    });
    expect(repayments).toEqual([
      expect.objectContaining({
        business_date: loan.invoices[0]!.dueOn,
        principal: 375_000,
      }),
    ]);
    expect(repayments[0].net).toBe(375_000 + repayments[0].interest - repayments[0].platform_fee - repayments[0].tax - repayments[0].insurance_premium);
  });

  it("answers 404 for another lender's investment, and for an investment through another account", async () => {
    for (const res of [
      await get(eko, `/accounts/${eko.accountId}/investments/${settledId}`),
      await get(eko, `/accounts/${ani.accountId}/investments/${settledId}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("1500000");
    }
    expect((await get(ani, `/accounts/${ani.accountId}/investments/bukan-id`)).statusCode).toBe(404);
  });

  it("computes the statistics in SQL: totals, expected income, past-due buckets, TKB and XIRR", async () => {
    // On 2026-04-15 the second instalment (due 2026-03-31) is 15 days late.
    const stats = await lenderStatistics(t.database.db, ani.accountId, "2026-04-15");
    const interest = loan.invoices.reduce((s, i) => s + i.interest, 0);
    expect(stats).toMatchObject({
      investments: 2,
      invested: 1_500_000,
      pending: 300_000,
      outstanding_principal: 1_125_000,
      principal_received: 375_000,
      past_due: {
        current: 0,
        dpd_1_30: 1_125_000,
        dpd_31_60: 0,
        dpd_61_90: 0,
        dpd_over_90: 0,
      },
      tkb: [
        { name: "TKB0", basis_points: 0 },
        { name: "TKB30", basis_points: 10_000 },
        { name: "TKB60", basis_points: 10_000 },
        { name: "TKB90", basis_points: 10_000 },
      ],
    });
    expect(stats.expected_income).toBe(Math.floor(((interest - loan.invoices[0]!.interest) * 3) / 4));
    // Money out 1.5 million on 2026-01-31, the first payment back net of fee and tax, 1 125 000 valued at par on the day.
    const [paid] = await t.database.db.select().from(schema.investmentRepayments).where(eq(schema.investmentRepayments.investmentId, settledId));
    const net = paid!.principal + paid!.interest - paid!.platformFee - paid!.tax - paid!.insurancePremium + paid!.lateFee;
    expect(stats.net_return_ppm).toBe(
      xirrPpm([
        { date: "2026-01-31", amount: -1_500_000 },
        { date: paid!.businessDate, amount: net },
        { date: "2026-04-15", amount: 1_125_000 },
      ]),
    );
    expect(stats.net_return_ppm).toBeGreaterThan(100_000);
    expect(stats.monthly).toHaveLength(12);
    expect(stats.monthly.at(-1)!.month).toBe("2026-04");
    expect(stats.monthly.find((m) => m.month === "2026-01")!.invested).toBe(1_500_000);
    expect(stats.monthly.find((m) => m.month === loan.invoices[0]!.dueOn.slice(0, 7))!.principal).toBe(375_000);
    const route = await get(ani, `/accounts/${ani.accountId}/investments/statistics`);
    expect(route.statusCode).toBe(200);
    expect(route.json().data).toMatchObject({
      invested: 1_500_000,
      pending: 300_000,
    });
    expect((await get(eko, `/accounts/${ani.accountId}/investments/statistics`)).statusCode).toBe(404);
  });

  it("shows open applications with the deciding facts and never the borrower's identity; filters, sorts and 404s a closed one", async () => {
    const res = await post(ani, `/accounts/${ani.accountId}/investment_applications/search?sort=remaining&amount_min=3000000`);
    expect(res.statusCode).toBe(200);
    const found = res.json().data.find((a: { id: string }) => a.id === openApplicationId);
    expect(found).toMatchObject({
      amount: 3_000_000,
      funded: 300_000,
      remaining: 2_700_000,
      purpose: "consumptive",
      borrower: { customer_id: openBorrowerId, earlier_loans: 0 },
    });
    expect(found.funding_deadline).toBe(addFourteen(found.approved_on));
    expect(res.json().data.every((a: { amount: number }) => a.amount >= 3_000_000)).toBe(true);
    const none = await post(ani, `/accounts/${ani.accountId}/investment_applications/search?term_max=3`);
    expect(none.json().data.some((a: { id: string }) => a.id === openApplicationId)).toBe(false);
    const one = await get(ani, `/accounts/${ani.accountId}/investment_applications/${openApplicationId}`);
    expect([one.statusCode, one.json().data.remaining]).toEqual([200, 2_700_000]);
    expect(one.body).not.toContain("peminjam.terbuka");
    expect((await get(ani, `/accounts/${ani.accountId}/investment_applications/${loan.applicationId}`)).statusCode).toBe(404);
  });

  it("shows a borrower to the lenders of their loans and of open applications only, anonymised", async () => {
    const res = await get(ani, `/accounts/${ani.accountId}/borrowers/${borrowerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      customer_id: borrowerId,
      region: "Jawa Barat",
      city: "Kota Bandung",
      earlier_loans: 1,
      active_loans: 1,
      paid_on_time: 1,
      paid_late: 0,
    });
    expect(res.json().data.applications).toEqual([
      expect.objectContaining({
        id: loan.applicationId,
        open_to_investment: false,
      }),
    ]);
    for (const secret of ["Rahasia", "rahasia.peminjam", "6281299990001", "32730"]) expect(res.body).not.toContain(secret);
    const stranger = await lender("fitri.pemodal@contoh.co.id");
    expect((await get(stranger, `/accounts/${stranger.accountId}/borrowers/${borrowerId}`)).statusCode).toBe(404);
    expect((await get(stranger, `/accounts/${stranger.accountId}/borrowers/${openBorrowerId}`)).statusCode).toBe(200);
    expect((await get(stranger, `/accounts/${ani.accountId}/borrowers/${borrowerId}`)).statusCode).toBe(404);
  });
});

function addFourteen(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
}
