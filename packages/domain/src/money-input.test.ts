import { describe, expect, it } from "vitest";
import { parsePercentPpm, parseRupiah } from "./money-input.ts";

const FORMAT = "Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000.";

describe("parseRupiah", () => {
  it.each([
    ["1500000", 1_500_000],
    ["1.500.000", 1_500_000],
    ["1 500 000", 1_500_000],
    ["Rp 1.500.000", 1_500_000],
    ["Rp1.500.000", 1_500_000],
    ["rp. 1.500.000", 1_500_000],
    ["  560.000 ", 560_000],
    ["1\u00a0500\u00a0000", 1_500_000],
    ["1.500", 1_500],
    ["0", 0],
    ["9.007.199.254.740.991", Number.MAX_SAFE_INTEGER],
  ])("reads %j as %d rupiah", (text, amount) => {
    expect(parseRupiah(text)).toEqual({ ok: true, value: amount });
  });

  it.each([
    "1.5",
    "1.50",
    "1,5",
    "1.500.000,00",
    "1.500 000",
    "1.5000",
    "15.00.000",
    "",
    "   ",
    "Rp",
    "-5000",
    "-Rp 5.000",
    "+5000",
    "1e6",
    "0x10",
    "1500000\u0000",
    "\u00001500000",
    "15\u000000",
    "lima ratus",
    "Rp 1.500.000 Rp",
  ])("refuses %j with the expected format", (text) => {
    expect(parseRupiah(text)).toEqual({ ok: false, error: FORMAT });
  });

  it("refuses an amount beyond Number.MAX_SAFE_INTEGER instead of rounding it", () => {
    expect(parseRupiah("9007199254740992")).toEqual({ ok: false, error: "Jumlah terlalu besar." });
    expect(parseRupiah("Rp 99.999.999.999.999.999.999")).toEqual({ ok: false, error: "Jumlah terlalu besar." });
  });
});

describe("parsePercentPpm", () => {
  it.each([
    ["0,3", 3000],
    ["0.3", 3000],
    ["0,3%", 3000],
    ["0,3 %/hari", 3000],
    ["0,275", 2750],
    ["0,0667", 667],
    ["5", 50_000],
    ["100", 1_000_000],
    ["0", 0],
  ])("reads %j as %d ppm", (text, ppm) => {
    expect(parsePercentPpm(text)).toEqual({ ok: true, value: ppm });
  });

  it.each(["", "-0,3", "0,00001", "3000 ppm", "1.000,5", "0,3,1", "0,3\u0000", ",3", "abc"])("refuses %j naming the format", (text) => {
    expect(parsePercentPpm(text)).toEqual({ ok: false, error: "Tulis persen dengan koma, misalnya 0,3 (paling banyak 4 angka di belakang koma)." });
  });
});
