import { schema, type Db } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { sessionFor } from "../identity/test-sessions.ts";
import { receivePayment } from "../repayments/payment-service.ts";

const APP = "/app_api/v1";
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await testApp();
  db = t.app.db;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("GET accounts/{id}/tax_statements", () => {
  it("shows each month's gross interest and the PPh 23 or 26 withheld, by the lender's residency", async () => {
    const resident = await lenderWithFunds(db, "pajak.wpdn@contoh.co.id", 1_200_000, "2026-01-30");
    const foreign = await lenderWithFunds(db, "pajak.wpln@contoh.co.id", 800_000, "2026-01-30");
    await db.update(schema.lenderProfiles).set({ taxResidency: "non_resident", npwp: null }).where(eq(schema.lenderProfiles.customerId, foreign.customerId));
    await db.update(schema.lenderProfiles).set({ npwp: "0123456789012345" }).where(eq(schema.lenderProfiles.customerId, resident.customerId));
    const [borrower] = await db.insert(schema.customers).values({ name: "Peminjam Pajak", email: "pajak.peminjam@contoh.co.id" }).returning();
    // 2 000 000 over 4 months at 0.1 %/day: 60 000 interest a month, 60 % to the resident.
    const loan = await disbursedLoan(db, {
      borrowerCustomerId: borrower!.id,
      lenders: [
        { customerId: resident.customerId, investmentAccountId: resident.accountId, amount: 1_200_000 },
        { customerId: foreign.customerId, investmentAccountId: foreign.accountId, amount: 800_000 },
      ],
      terms: { term: 4, dailyRatePpm: 1000 },
      effectiveOn: "2026-01-31",
    });
    const va = loan.virtualAccounts[0]!;
    for (const [k, day] of ["2026-02-28", "2026-03-31"].entries()) {
      await receivePayment(db, { channel: va.channel, virtualAccountNumber: va.number, amount: 560_000, gatewayTransactionId: `pajak-${k}`, businessDate: day, source: "gateway" }, { platformFeePpm: 100_000 });
    }

    const get = async (who: string, accountId: string, year: string) => t.app.inject({ method: "GET", url: `${APP}/accounts/${accountId}/tax_statements?year=${year}`, headers: (await sessionFor(db, who)).headers });
    const mine = await get("pajak.wpdn@contoh.co.id", resident.accountId, "2026");
    expect(mine.statusCode).toBe(200);
    const statement = mine.json().data;
    expect(statement).toMatchObject({ account_id: resident.accountId, year: 2026, tax_residency: "resident", tax_article: "pph23", rate_ppm: 150_000, npwp: "0123456789012345" });
    expect(statement.months).toHaveLength(12);
    const month = { gross_interest: 36_000, platform_fee: 3_600, tax_withheld: 5_400, insurance_premium: 0, net_interest: 27_000 };
    expect(statement.months.slice(0, 4)).toEqual([
      { month: "2026-01", gross_interest: 0, platform_fee: 0, tax_withheld: 0, insurance_premium: 0, net_interest: 0 },
      { month: "2026-02", ...month },
      { month: "2026-03", ...month },
      { month: "2026-04", gross_interest: 0, platform_fee: 0, tax_withheld: 0, insurance_premium: 0, net_interest: 0 },
    ]);
    expect(statement.totals).toEqual({ gross_interest: 72_000, platform_fee: 7_200, tax_withheld: 10_800, insurance_premium: 0, net_interest: 54_000 });

    const theirs = (await get("pajak.wpln@contoh.co.id", foreign.accountId, "2026")).json().data;
    expect(theirs).toMatchObject({ tax_residency: "non_resident", tax_article: "pph26", rate_ppm: 200_000, npwp: null });
    expect(theirs.totals).toEqual({ gross_interest: 48_000, platform_fee: 4_800, tax_withheld: 9_600, insurance_premium: 0, net_interest: 33_600 });
    expect((await get("pajak.wpln@contoh.co.id", foreign.accountId, "2025")).json().data.totals.tax_withheld).toBe(0);
  });

  it("is the owner's only (404 for another lender's account), takes the business year by default and refuses a bad year (400)", async () => {
    const lender = await lenderWithFunds(db, "pajak.pemilik@contoh.co.id", 0, "2026-01-30");
    const other = await sessionFor(db, "sari@pinjaman.test");
    const own = await sessionFor(db, "pajak.pemilik@contoh.co.id");
    const foreign = await t.app.inject({ method: "GET", url: `${APP}/accounts/${lender.accountId}/tax_statements?year=2026`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("account_not_found");
    const noYear = await t.app.inject({ method: "GET", url: `${APP}/accounts/${lender.accountId}/tax_statements`, headers: own.headers });
    expect(noYear.statusCode).toBe(200);
    const thisYear = Number((await businessNow(db, { sandbox: true })).date.slice(0, 4));
    expect(noYear.json().data).toMatchObject({ year: thisYear, totals: { tax_withheld: 0 } });
    expect(noYear.json().data.months[0].month).toBe(`${thisYear}-01`);
    const badYear = await t.app.inject({ method: "GET", url: `${APP}/accounts/${lender.accountId}/tax_statements?year=dua`, headers: own.headers });
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().error.fields).toHaveProperty("year");
  });
});
