import { describe, expect, it } from "vitest";
import { LOAN_SETTINGS, checkLoanRequest, clampToRange, rangeValues } from "./loan-settings.ts";

describe("LOAN_SETTINGS", () => {
  it("match spec section 9", () => {
    expect(LOAN_SETTINGS).toEqual({
      min_term: 1,
      max_term: 12,
      term_step: 1,
      default_term: 7,
      min_amount: 500000,
      max_amount: 20000000,
      amount_step: 500000,
      default_amount: 500000,
    });
  });
});

describe("rangeValues", () => {
  it("lists min to max by step", () => {
    expect(rangeValues(1, 12, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const amounts = rangeValues(500000, 20000000, 500000);
    expect(amounts).toHaveLength(40);
    expect(amounts[0]).toBe(500000);
    expect(amounts[39]).toBe(20000000);
  });

  it("stops before max when the step overshoots", () => {
    expect(rangeValues(0, 10, 4)).toEqual([0, 4, 8]);
  });

  it("is empty when min > max and refuses a bad step", () => {
    expect(rangeValues(5, 1, 1)).toEqual([]);
    expect(() => rangeValues(1, 5, 0)).toThrow(RangeError);
    expect(() => rangeValues(1, 5, -1)).toThrow(RangeError);
  });
});

describe("clampToRange", () => {
  const terms = rangeValues(1, 12, 1);
  const amounts = rangeValues(500000, 20000000, 500000);

  it("truncates to a whole number", () => {
    expect(clampToRange(7.9, terms)).toBe(7);
    expect(clampToRange(7.1, terms)).toBe(7);
  });

  it("limits to the allowed range", () => {
    expect(clampToRange(0, terms)).toBe(1);
    expect(clampToRange(-3, terms)).toBe(1);
    expect(clampToRange(13, terms)).toBe(12);
    expect(clampToRange(25000000, amounts)).toBe(20000000);
    expect(clampToRange(100, amounts)).toBe(500000);
  });

  it("snaps to the nearest allowed value, the lower one on a tie", () => {
    expect(clampToRange(1200000, amounts)).toBe(1000000);
    expect(clampToRange(1300000, amounts)).toBe(1500000);
    expect(clampToRange(1250000, amounts)).toBe(1000000);
  });

  it("handles NaN and an empty list", () => {
    expect(clampToRange(Number.NaN, terms)).toBe(1);
    expect(clampToRange(4.5, [])).toBe(4);
  });
});

describe("checkLoanRequest", () => {
  it("accepts the defaults and the bounds", () => {
    expect(checkLoanRequest({ amount: 500000, term: 7 }, LOAN_SETTINGS)).toEqual([]);
    expect(checkLoanRequest({ amount: 20000000, term: 12 }, LOAN_SETTINGS)).toEqual([]);
    expect(checkLoanRequest({ amount: 1500000, term: 1 })).toEqual([]);
  });

  it("states the allowed amount range", () => {
    expect(checkLoanRequest({ amount: 25000000, term: 7 }, LOAN_SETTINGS)).toEqual([
      { field: "amount", message: "Jumlah pinjaman harus antara Rp 500.000 dan Rp 20.000.000." },
    ]);
    expect(checkLoanRequest({ amount: 0, term: 7 }, LOAN_SETTINGS)).toEqual([
      { field: "amount", message: "Jumlah pinjaman harus antara Rp 500.000 dan Rp 20.000.000." },
    ]);
  });

  it("requires a multiple of the step and a whole number", () => {
    expect(checkLoanRequest({ amount: 1250000, term: 7 }, LOAN_SETTINGS)).toEqual([
      { field: "amount", message: "Jumlah pinjaman harus kelipatan Rp 500.000." },
    ]);
    expect(checkLoanRequest({ amount: 1000000.5, term: 7 }, LOAN_SETTINGS)).toEqual([
      { field: "amount", message: "Jumlah pinjaman harus berupa bilangan bulat." },
    ]);
  });

  it("states the allowed term range in bulan", () => {
    expect(checkLoanRequest({ amount: 500000, term: 13 }, LOAN_SETTINGS)).toEqual([
      { field: "term", message: "Tenor pinjaman harus antara 1 bulan dan 12 bulan." },
    ]);
    expect(checkLoanRequest({ amount: 500000, term: 6.5 }, LOAN_SETTINGS)).toEqual([
      { field: "term", message: "Tenor pinjaman harus berupa bilangan bulat." },
    ]);
  });

  it("reports both fields at once", () => {
    expect(checkLoanRequest({ amount: 100, term: 0 }, LOAN_SETTINGS).map((e) => e.field)).toEqual(["amount", "term"]);
  });

  it("checks the term step from the minimum", () => {
    const settings = { ...LOAN_SETTINGS, min_term: 3, term_step: 3 };
    expect(checkLoanRequest({ amount: 500000, term: 6 }, settings)).toEqual([]);
    expect(checkLoanRequest({ amount: 500000, term: 7 }, settings)).toEqual([
      { field: "term", message: "Tenor pinjaman harus kelipatan 3 bulan." },
    ]);
  });
});
