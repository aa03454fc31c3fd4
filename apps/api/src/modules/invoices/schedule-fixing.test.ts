import { schema } from "@pinjaman/db";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { rowCounts } from "../../../test/harness.ts";
import { periodsOverCap } from "@pinjaman/domain/ojk-guard";
import { loanInDisbursalFor } from "../disbursal/loan-test-kit.ts";
import { contractData } from "../flows/flow-data.ts";
import { findActiveProduct } from "../offers/schedule-service.ts";
import { fixSchedule } from "./schedule-fixing.ts";

const t = appWithSessions({ budi: "budi@pinjaman.test" });

const invoicesOf = (applicationId: string) =>
  t.app.db
    .select({ number: schema.invoices.number, dueOn: schema.invoices.dueOn, principal: schema.invoices.principal, interest: schema.invoices.interest, total: schema.invoices.total, status: schema.invoices.status })
    .from(schema.invoices)
    .where(eq(schema.invoices.accountApplicationId, applicationId))
    .orderBy(asc(schema.invoices.number));
const applicationRow = async (id: string) => (await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, id)))[0]!;

describe(`fixSchedule (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("stores one open invoice per instalment, summing to the total repayment, and sets effective_on and maturity_on", async () => {
    // 2 000 000 in 3 instalments: the last one takes the rupiah the division leaves.
    const { applicationId } = await loanInDisbursalFor(t.app.db, t.budi.customerId, { amount: 2_000_000, term: 3, dailyRatePpm: 1000 });
    expect((await applicationRow(applicationId)).totalRepayment).toBe(2_180_000);
    const fixed = await t.app.db.transaction((tx) => fixSchedule(tx, { applicationId, effectiveOn: "2026-01-31" }));
    expect(fixed.maturityOn).toBe("2026-04-30");
    expect(await invoicesOf(applicationId)).toEqual([
      { number: 1, dueOn: "2026-02-28", principal: 666_666, interest: 60_000, total: 726_666, status: "open" },
      { number: 2, dueOn: "2026-03-31", principal: 666_666, interest: 60_000, total: 726_666, status: "open" },
      { number: 3, dueOn: "2026-04-30", principal: 666_668, interest: 60_000, total: 726_668, status: "open" },
    ]);
    expect((await invoicesOf(applicationId)).reduce((sum, i) => sum + i.total, 0)).toBe(2_180_000);
    expect(await applicationRow(applicationId)).toMatchObject({ effectiveOn: "2026-01-31", maturityOn: "2026-04-30" });
  });

  it("is idempotent: a second call, even with another date, changes nothing and returns the stored schedule", async () => {
    const { applicationId } = await loanInDisbursalFor(t.app.db, t.budi.customerId, { effectiveOn: "2026-03-10" });
    await t.app.db.transaction((tx) => fixSchedule(tx, { applicationId, effectiveOn: "2026-03-10" }));
    const before = { counts: await rowCounts(t.database), invoices: await invoicesOf(applicationId), application: await applicationRow(applicationId) };
    const again = await t.app.db.transaction((tx) => fixSchedule(tx, { applicationId, effectiveOn: "2026-04-01" }));
    expect(again.maturityOn).toBe("2026-07-10");
    expect(again.effectiveOn).toBe("2026-03-10");
    expect(again.invoices.map((i) => i.dueOn)).toEqual(["2026-04-10", "2026-05-10", "2026-06-10", "2026-07-10"]);
    expect({ counts: await rowCounts(t.database), invoices: await invoicesOf(applicationId), application: await applicationRow(applicationId) }).toEqual(before);
  });

  it("eight concurrent calls store one schedule", async () => {
    const { applicationId } = await loanInDisbursalFor(t.app.db, t.budi.customerId, { amount: 3_000_000, term: 6, dailyRatePpm: 2000, effectiveOn: "2026-02-15" });
    await Promise.all(Array.from({ length: 8 }, () => t.app.db.transaction((tx) => fixSchedule(tx, { applicationId, effectiveOn: "2026-02-15" }))));
    const invoices = await invoicesOf(applicationId);
    expect(invoices.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6]);
    // 3 000 000 × 0.2 % × 180 days = 1 080 000 interest.
    expect(invoices.reduce((sum, i) => sum + i.total, 0)).toBe(4_080_000);
  });

  it("refuses a schedule that does not add up to the agreed total, storing nothing", async () => {
    const { applicationId } = await loanInDisbursalFor(t.app.db, t.budi.customerId);
    await t.app.db.update(schema.accountApplications).set({ totalRepayment: 2_240_001 }).where(eq(schema.accountApplications.id, applicationId));
    await expect(t.app.db.transaction((tx) => fixSchedule(tx, { applicationId, effectiveOn: "2026-01-31" }))).rejects.toThrow(
      "sums to 2240000, the agreed total repayment is 2240001",
    );
    expect(await invoicesOf(applicationId)).toEqual([]);
    expect((await applicationRow(applicationId)).maturityOn).toBeNull();
  });

  it("stores the contract's amounts when the payout comes days after signing: dates count from the payout, every period under the cap", async () => {
    // Signed on 25 January, paid out on 31 January: the first period runs to 28 February, 28 days.
    const signed = await contractData(t.app.db, await findActiveProduct(t.app.db, "spl"), { amount: 3_000_000, term: 3, full_name: "Budi" }, "2027-01-25");
    const contract = signed.contract.offer;
    expect(contract.instalments.map((i) => i.due_on)).toEqual(["2027-02-25", "2027-03-25", "2027-04-25"]);
    expect(signed.contract.paragraphs.slice(2, 4)).toEqual([
      "Bunga 0,28% per hari atas pokok pinjaman, dihitung 30 hari untuk setiap cicilan, dengan total bunga Rp 756.000. Total yang harus dibayar Rp 3.756.000. " +
        "Bunga setiap periode cicilan tidak melebihi batas OJK per hari kalender, juga pada bulan 28 hari.",
      "Cicilan Rp 1.252.000 per bulan. Cicilan pertama jatuh tempo satu bulan setelah dana dicairkan, cicilan berikutnya pada tanggal yang sama setiap bulan; " +
        "jumlah cicilan tidak berubah oleh tanggal pencairan. Jika dana cair pada 25 Jan 2027, cicilan pertama jatuh tempo pada 25 Feb 2027 dan terakhir pada 25 Apr 2027; " +
        "tanggal jatuh tempo yang berlaku kami kirimkan saat dana cair.",
    ]);
    const { applicationId } = await loanInDisbursalFor(t.app.db, t.budi.customerId, {
      amount: contract.amount,
      term: contract.term,
      dailyRatePpm: contract.daily_rate_ppm,
      effectiveOn: "2027-01-31",
    });
    const fixed = await t.app.db.transaction((tx) => fixSchedule(tx, { applicationId, effectiveOn: "2027-01-31" }));
    expect(fixed.invoices.map((i) => i.dueOn)).toEqual(["2027-02-28", "2027-03-31", "2027-04-30"]);
    expect(fixed.invoices.map((i) => [i.principal, i.interest, i.total])).toEqual(contract.instalments.map((i) => [i.principal, i.interest, i.amount]));
    // 0.28 %/day × 30 days = 252,000 a month; the 0.3 % cap allows 252,000 in 28 days.
    expect(fixed.invoices.map((i) => i.interest)).toEqual([252_000, 252_000, 252_000]);
    const instalments = fixed.invoices.map((i) => ({ number: i.number, dueDate: i.dueOn, principal: i.principal, interest: i.interest, amount: i.total }));
    expect(periodsOverCap({ principal: contract.amount, startDate: "2027-01-31", instalments }, 3000)).toEqual([]);
  });

  it("refuses a schedule over the OJK cap on its actual days, storing nothing", async () => {
    // The example: Rp 500.000 at 0.3 %/day of 30-day months, paid out on 8 February (28 days to 8 March).
    const { applicationId } = await loanInDisbursalFor(t.app.db, t.budi.customerId, { amount: 500_000, term: 1, dailyRatePpm: 3000, effectiveOn: "2027-02-08" });
    await expect(t.app.db.transaction((tx) => fixSchedule(tx, { applicationId, effectiveOn: "2027-02-08" }))).rejects.toThrow(
      "instalment 1 charges 45000 of interest for 28 days, the OJK cap allows 42000",
    );
    expect(await invoicesOf(applicationId)).toEqual([]);
    expect((await applicationRow(applicationId)).maturityOn).toBeNull();
  });

  it("answers 404 for an unknown application", async () => {
    await expect(t.app.db.transaction((tx) => fixSchedule(tx, { applicationId: "00000000-0000-4000-8000-000000000000", effectiveOn: "2026-01-31" }))).rejects.toMatchObject({
      status: 404,
      code: "account_application_not_found",
    });
  });
});
