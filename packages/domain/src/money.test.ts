import { describe, expect, it } from "vitest";
import { formatDailyRate, formatNumber, formatPercentBasisPoints, formatRupiah, formatShortRupiah, isRupiah } from "./money.ts";

describe("formatNumber", () => {
  it("groups thousands with dots", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1.000");
    expect(formatNumber(1500000)).toBe("1.500.000");
    expect(formatNumber(20000000)).toBe("20.000.000");
    expect(formatNumber(Number.MAX_SAFE_INTEGER)).toBe("9.007.199.254.740.991");
  });

  it("keeps the sign and writes a fraction after a comma", () => {
    expect(formatNumber(-5000)).toBe("-5.000");
    expect(formatNumber(1234.5)).toBe("1.234,5");
  });

  it("refuses NaN and infinity", () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(Infinity)).toThrow(RangeError);
  });
});

describe("formatRupiah", () => {
  it("prefixes Rp and a plain space", () => {
    expect(formatRupiah(1500000)).toBe("Rp 1.500.000");
    expect(formatRupiah(0)).toBe("Rp 0");
    expect(formatRupiah(500)).toBe("Rp 500");
  });

  it("puts the minus before Rp", () => {
    expect(formatRupiah(-5000)).toBe("-Rp 5.000");
  });

  it("refuses non-integers", () => {
    expect(() => formatRupiah(10.5)).toThrow(RangeError);
  });
});

describe("formatShortRupiah", () => {
  it("uses Ribu under one million", () => {
    expect(formatShortRupiah(500000)).toBe("Rp 500 Ribu");
    expect(formatShortRupiah(1500)).toBe("Rp 1,5 Ribu");
    expect(formatShortRupiah(999999)).toBe("Rp 999,9 Ribu");
    expect(formatShortRupiah(0)).toBe("Rp 0 Ribu");
  });

  it("uses Juta from one million, one decimal truncated, no trailing ,0", () => {
    expect(formatShortRupiah(1000000)).toBe("Rp 1 Juta");
    expect(formatShortRupiah(1500000)).toBe("Rp 1,5 Juta");
    expect(formatShortRupiah(20000000)).toBe("Rp 20 Juta");
    expect(formatShortRupiah(1250000)).toBe("Rp 1,2 Juta");
    expect(formatShortRupiah(1999999)).toBe("Rp 1,9 Juta");
    expect(formatShortRupiah(1050000)).toBe("Rp 1 Juta");
    expect(formatShortRupiah(2500000000)).toBe("Rp 2.500 Juta");
  });

  it("handles negatives", () => {
    expect(formatShortRupiah(-1500000)).toBe("-Rp 1,5 Juta");
  });
});

describe("isRupiah", () => {
  it("accepts safe non-negative integers only", () => {
    expect(isRupiah(0)).toBe(true);
    expect(isRupiah(20000000)).toBe(true);
    expect(isRupiah(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isRupiah(-1)).toBe(false);
    expect(isRupiah(1.5)).toBe(false);
    expect(isRupiah(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isRupiah(Number.NaN)).toBe(false);
    expect(isRupiah("1000")).toBe(false);
  });
});

describe("formatDailyRate", () => {
  it("writes ppm as percent per day with a decimal comma", () => {
    expect(formatDailyRate(3000)).toBe("0,3%/hari");
    expect(formatDailyRate(2000)).toBe("0,2%/hari");
    expect(formatDailyRate(2750)).toBe("0,275%/hari");
    expect(formatDailyRate(670)).toBe("0,067%/hari");
    expect(formatDailyRate(10000)).toBe("1%/hari");
    expect(formatDailyRate(0)).toBe("0%/hari");
  });
});

describe("formatPercentBasisPoints", () => {
  it("shows basis points as percent with two decimals, Indonesian style", () => {
    expect(formatPercentBasisPoints(9887)).toBe("98,87%");
    expect(formatPercentBasisPoints(10_000)).toBe("100,00%");
    expect(formatPercentBasisPoints(5)).toBe("0,05%");
    expect(formatPercentBasisPoints(-1712)).toBe("-17,12%");
    expect(formatPercentBasisPoints(123_456)).toBe("1.234,56%");
  });
});
