import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANY_API_KEY } from "../../config.ts";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { sandboxCustomerIds } from "../accounts/sandbox-accounts.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import { monthsBetween, monthsEnding } from "./lender-dashboard.ts";

let t: TestApp;
const dashboard = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/users/lender-dashboard", headers: { "x-api-key": SANDBOX_COMPANY_API_KEY }, payload });

describe("months", () => {
  it("counts and lists months across years", () => {
    expect(monthsEnding("2026-02", 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2025-11", "2026-02")).toBe(4);
    expect(monthsBetween("2026-02", "2026-02")).toBe(1);
  });
});

describe("POST /api/users/lender-dashboard", () => {
  let interest: number;
  let fundedMonth: string;
  beforeAll(async () => {
    t = await testApp();
    const { budi } = await sandboxCustomerIds(t.app.db);
    // Two loans of 2,000,000, each funded by its own new lender; the first instalment of one is paid.
    const paid = await activeLoanFor(t.app.db, budi, { effectiveOn: "2026-02-10" });
    await activeLoanFor(t.app.db, budi, { effectiveOn: "2026-03-10" });
    const first = paid.invoices[0]!;
    interest = first.interest;
    const va = paid.virtualAccounts[0]!;
    const { payment } = await receivePayment(
      t.app.db,
      { channel: va.channel, virtualAccountNumber: va.number, amount: first.total, gatewayTransactionId: "dasbor-1", businessDate: "2026-03-10", source: "gateway" },
      { platformFeePpm: t.app.config.platformFeePpm },
    );
    expect(payment.status).toBe("allocated");
    const [application] = await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, paid.applicationId));
    fundedMonth = application!.fundedOn!.slice(0, 7);
  });
  afterAll(() => t.close());

  it("answers platform totals and months from the book: lenders, funded, outstanding, repaid, TKB90", async () => {
    const res = await dashboard({ from_month: "2026-01", to_month: "2026-03" });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      lenders: 3, // Sari (no investment yet) and the two loans' lenders
      active_lenders: 2,
      total_funded: 4_000_000,
      outstanding: 3_500_000,
      repaid_principal: 500_000,
      repaid_interest: interest,
      tkb90: "98.87",
    });
    expect(interest).toBeGreaterThan(0);
    expect(data.by_month.map((m: { month: string }) => m.month)).toEqual(["2026-01", "2026-02", "2026-03"]);
    const march = data.by_month.find((m: { month: string }) => m.month === "2026-03");
    expect(march).toMatchObject({ repaid_principal: 500_000, repaid_interest: interest });
    const funded = data.by_month.reduce((sum: number, m: { funded: number }) => sum + m.funded, 0);
    expect(funded).toBe(4_000_000);
    expect(data.by_month.find((m: { month: string }) => m.month === fundedMonth).funded).toBeGreaterThanOrEqual(2_000_000);
  });

  it("holds aggregates only: no id, name or e-mail of any lender", async () => {
    const res = await dashboard({});
    const customers = await t.app.db.select().from(schema.customers);
    for (const c of customers) for (const value of [c.id, c.name, c.email]) expect(res.body).not.toContain(value);
    expect(Object.keys(res.json().data).sort()).toEqual(["active_lenders", "by_month", "lenders", "outstanding", "repaid_interest", "repaid_principal", "tkb90", "total_funded"]);
  });

  it("defaults to the 12 months ending with the business month", async () => {
    const { data } = (await dashboard({})).json();
    expect(data.by_month).toHaveLength(12);
    expect(monthsBetween(data.by_month[0].month, data.by_month[11].month)).toBe(12);
  });

  it("refuses bad months and ranges with 400 and field messages", async () => {
    const fields = async (payload: object) => {
      const res = await dashboard(payload);
      expect(res.statusCode).toBe(400);
      return res.json().error.fields;
    };
    expect(await fields({ from_month: "2026-13" })).toHaveProperty("from_month");
    expect(await fields({ from_month: "2026-03", to_month: "2026-01" })).toEqual({ to_month: ["Akhir rentang tidak boleh sebelum awalnya"] });
    expect(await fields({ from_month: "2020-01", to_month: "2026-01" })).toEqual({ from_month: ["Rentang paling panjang 60 bulan"] });
    expect(await fields({ lender_id: "x" })).toBeDefined();
  });
});
