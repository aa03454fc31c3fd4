import { schema } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { COOLING_OFF_DAYS } from "@pinjaman/domain/disbursal";
import { accrueLateFees, type LateFeeLoan } from "@pinjaman/domain/late-fees";
import { scheduleRateCap } from "@pinjaman/domain/ojk-guard";
import type { InvoiceToAllocate } from "@pinjaman/domain/repayment-allocation";
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { accrueLateFeesThrough } from "./late-fee-accrual.ts";

describe(`the daily late-fee accrual (set-based SQL, ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let customerId: string;
  beforeAll(async () => {
    database = await testDatabase();
    const [budi] = await database.db.select().from(schema.customers).where(eq(schema.customers.email, "budi@pinjaman.test"));
    customerId = budi!.id;
  });
  afterAll(() => database.close());

  const invoicesOf = (applicationId: string) =>
    database.db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId)).orderBy(asc(schema.invoices.number));
  /** Takes a loan out of the book so the next test's accrual sees only its own. */
  const close = (accountId: string) => database.db.update(schema.accounts).set({ status: "closed" }).where(eq(schema.accounts.id, accountId));

  it("charges 0.1 %/day of the unpaid instalment from the day after the due date, once per day, catching up missed days", async () => {
    const loan = await activeLoanFor(database.db, customerId, { effectiveOn: "2026-01-10" });
    const [first] = loan.invoices;
    expect(first!.dueOn).toBe("2026-02-10");
    const daily = Math.floor(first!.total * 1000 / 1_000_000); // consumptive 2026 late-fee cap: 1000 ppm

    expect(await database.db.transaction((tx) => accrueLateFeesThrough(tx, "2026-02-10"))).toEqual({ days: [], lateFees: 0 });
    // Two runs at once (parallel connections on PostgreSQL): the day is added once.
    const both = await Promise.all([1, 2].map(() => database.db.transaction((tx) => accrueLateFeesThrough(tx, "2026-02-11"))));
    expect(both.map((r) => r.lateFees).sort((a, b) => a - b)).toEqual([0, daily]);
    // The same day again: nothing more.
    expect(await database.db.transaction((tx) => accrueLateFeesThrough(tx, "2026-02-11"))).toEqual({ days: [], lateFees: 0 });
    // Three days later: the two missed days and the day itself, each once.
    expect(await database.db.transaction((tx) => accrueLateFeesThrough(tx, "2026-02-14"))).toEqual({
      days: ["2026-02-12", "2026-02-13", "2026-02-14"],
      lateFees: 3 * daily,
    });
    const [stored, second] = await invoicesOf(loan.applicationId);
    expect(stored).toMatchObject({ lateFee: 4 * daily, lateFeeAccruedThrough: "2026-02-14", status: "open" });
    expect(second).toMatchObject({ lateFee: 0, lateFeeAccruedThrough: null });
    await close(loan.accountId);
  });

  it("stops at the total-cost ceiling: interest + late fees never above 100 % of the principal", async () => {
    // 1,000,000 over 12 months at the highest rate offered (0.1866 %/day, decision 0003):
    // interest 12 × 55,980 = 671,760, room for late fees 328,240.
    const loan = await activeLoanFor(database.db, customerId, { effectiveOn: "2026-01-10", amount: 1_000_000, term: 12, dailyRatePpm: 1866 });
    const last = loan.invoices.at(-1)!;
    await database.db.update(schema.invoices).set({ lateFee: 328_140, paidLateFee: 328_140 }).where(eq(schema.invoices.id, last.id));
    const result = await database.db.transaction((tx) => accrueLateFeesThrough(tx, "2026-02-13"));
    expect(result.lateFees).toBe(100);
    const invoices = await invoicesOf(loan.applicationId);
    expect(invoices[0]!.lateFee).toBe(100);
    expect(invoices.reduce((s, i) => s + i.lateFee, 0) + 671_760).toBe(1_000_000);
    await close(loan.accountId);
  });

  it("does not accrue on paid invoices or loans that are not active", async () => {
    const loan = await activeLoanFor(database.db, customerId, { effectiveOn: "2025-06-01" });
    const [first] = loan.invoices;
    await database.db.update(schema.invoices).set({ status: "paid", paidPrincipal: first!.principal, paidInterest: first!.interest }).where(eq(schema.invoices.id, first!.id));
    const written = await activeLoanFor(database.db, customerId, { effectiveOn: "2025-06-01" });
    await database.db.update(schema.accounts).set({ status: "written_off" }).where(eq(schema.accounts.id, written.accountId));
    await database.db.transaction((tx) => accrueLateFeesThrough(tx, "2025-07-15"));
    expect((await invoicesOf(loan.applicationId)).map((i) => i.lateFee)).toEqual([0, 0, 0, 0]);
    expect((await invoicesOf(written.applicationId)).map((i) => i.lateFee)).toEqual([0, 0, 0, 0]);
    await close(loan.accountId);
  });

  it("agrees with the domain rule (accrueLateFees day by day) over random loans, payments and dates", async () => {
    const arbitrary = fc.record({
      // Whole steps of 100 000: what lenders can invest (INVESTMENT_AMOUNT).
      amount: fc.integer({ min: 5, max: 200 }).map((units) => units * 100_000),
      term: fc.integer({ min: 1, max: 12 }),
      dailyRatePpm: fc.integer({ min: 0, max: 2000 }),
      productKey: fc.constantFrom("spl", "alumak"),
      // Across the OJK late-fee periods of 2025 and 2026.
      effectiveOffset: fc.integer({ min: 0, max: 540 }),
      // The share of each invoice's principal and interest paid, in ppm.
      paid: fc.array(fc.record({ principal: fc.integer({ min: 0, max: 1_000_000 }), interest: fc.integer({ min: 0, max: 1_000_000 }) }), { minLength: 12, maxLength: 12 }),
      lateFeeBefore: fc.integer({ min: 0, max: 400_000 }),
      // Often only a little room left under the ceiling, so several late invoices share it.
      roomLeft: fc.option(fc.integer({ min: 0, max: 20_000 }), { freq: 2 }),
      // Earlier days already accrued (their fees are in lateFeeBefore): several invoices may be late on the first day.
      accruedDays: fc.option(fc.integer({ min: 1, max: 120 })),
      firstRun: fc.integer({ min: 0, max: 70 }),
      secondRun: fc.integer({ min: 0, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async (c) => {
        const effectiveOn = addDays("2024-11-01", c.effectiveOffset);
        const loanType = c.productKey === "spl" ? "consumptive" : "productive";
        // Priced as an offer is: at most the cap fitted to the shortest month on the day it was agreed (decision 0003).
        const agreedOn = addDays(effectiveOn, -COOLING_OFF_DAYS - 1);
        const loan = await activeLoanFor(database.db, customerId, {
          effectiveOn,
          amount: c.amount,
          term: c.term,
          dailyRatePpm: Math.min(c.dailyRatePpm, scheduleRateCap(loanType, c.term, agreedOn)),
          productKey: c.productKey,
        });
        const interest = loan.invoices.reduce((sum, i) => sum + i.interest, 0);
        const lateFeeBefore = c.roomLeft === null ? c.lateFeeBefore : Math.max(0, c.amount - interest - c.roomLeft);
        // Partial payments and an earlier late fee on the last invoice.
        const firstDue = loan.invoices[0]!.dueOn;
        const accruedThrough = c.accruedDays === null ? null : addDays(firstDue, c.accruedDays);
        for (const [k, invoice] of loan.invoices.entries()) {
          const paid = c.paid[k]!;
          const lateFee = k === loan.invoices.length - 1 ? lateFeeBefore : 0;
          await database.db
            .update(schema.invoices)
            .set({
              paidPrincipal: Math.floor((invoice.principal * paid.principal) / 1_000_000),
              paidInterest: Math.floor((invoice.interest * paid.interest) / 1_000_000),
              lateFee,
              lateFeeAccruedThrough: accruedThrough !== null && invoice.dueOn < accruedThrough ? accruedThrough : null,
            })
            .where(eq(schema.invoices.id, invoice.id));
        }
        const before: InvoiceToAllocate[] = (await invoicesOf(loan.applicationId)).map((i) => ({ ...i }));
        const d1 = addDays(accruedThrough ?? firstDue, c.firstRun);
        const d2 = addDays(d1, c.secondRun);
        await database.db.transaction((tx) => accrueLateFeesThrough(tx, d1));
        await database.db.transaction((tx) => accrueLateFeesThrough(tx, d2));
        const stored = await invoicesOf(loan.applicationId);
        await close(loan.accountId);

        const terms: LateFeeLoan = {
          loanType,
          termMonths: c.term,
          principal: c.amount,
          benefitTotal: interest,
        };
        const expected = before.map((i) => ({ ...i }));
        for (let day = addDays(accruedThrough ?? firstDue, 1); day <= d2; day = addDays(day, 1)) {
          for (const { number, lateFee } of accrueLateFees(expected, terms, day)) expected.find((i) => i.number === number)!.lateFee += lateFee;
        }
        expect(stored.map((i) => i.lateFee)).toEqual(expected.map((i) => i.lateFee));
        const total = stored.reduce((s, i) => s + i.lateFee, 0);
        expect(total - lateFeeBefore).toBeLessThanOrEqual(Math.max(0, c.amount - interest - lateFeeBefore));
      }),
      { numRuns: 30 },
    );
    // A time limit only against a hung database: each run is a loan and up to 230 accrual days.
  }, 300_000);
});
