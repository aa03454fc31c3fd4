import { describe, expect, it } from "vitest";
import {
  MIN_APPLICANT_AGE,
  NIK_CHECK_FROM_LENGTH,
  checkNikAge,
  isValidNikFormat,
  nikAge,
  nikBirthDate,
  nikRegionCode,
} from "./nik.ts";

const UNDERAGE =
  "Mohon Maaf. Kami tidak lagi menerima pengajuan dari pengguna di bawah 25 tahun. Silahkan merujuk ke bagian persyaratan minimum di situs/aplikasi kami.";

/** A 16-digit NIK from region 32.01.01 with the given DDMMYY and serial 0001. */
const nik = (ddmmyy: string) => `320101${ddmmyy}0001`;

describe("constants", () => {
  it("match spec section 9", () => {
    expect(MIN_APPLICANT_AGE).toBe(25);
    expect(NIK_CHECK_FROM_LENGTH).toBe(12);
  });
});

describe("nikBirthDate", () => {
  it("reads day, month and year", () => {
    expect(nikBirthDate(nik("150890"), "2026-11-22")).toBe("1990-08-15");
  });

  it("subtracts 40 from a woman's day (seventh digit above 3)", () => {
    expect(nikBirthDate(nik("410190"), "2026-11-22")).toBe("1990-01-01");
    expect(nikBirthDate(nik("710390"), "2026-11-22")).toBe("1990-03-31");
  });

  it("applies the century rule", () => {
    expect(nikBirthDate(nik("010105"), "2026-11-22")).toBe("2005-01-01"); // under 10 → 200y
    expect(nikBirthDate(nik("010100"), "2026-11-22")).toBe("2000-01-01");
    expect(nikBirthDate(nik("010199"), "2026-11-22")).toBe("1999-01-01");
    expect(nikBirthDate(nik("010125"), "2026-11-22")).toBe("2025-01-01"); // below 26 → 20yy
    expect(nikBirthDate(nik("010126"), "2026-11-22")).toBe("1926-01-01"); // current year itself → 19yy
    expect(nikBirthDate(nik("010127"), "2026-11-22")).toBe("1927-01-01");
  });

  it("puts any year under 10 in the 2000s, even at or after the current two-digit year", () => {
    expect(nikBirthDate(nik("010109"), "2005-06-01")).toBe("2009-01-01");
    expect(nikBirthDate(nik("010105"), "2005-06-01")).toBe("2005-01-01");
    expect(nikBirthDate(nik("010104"), "2005-06-01")).toBe("2004-01-01");
    expect(nikBirthDate(nik("010110"), "2005-06-01")).toBe("1910-01-01");
  });

  it("works from 12 characters and not before", () => {
    expect(nikBirthDate("320101150890", "2026-11-22")).toBe("1990-08-15");
    expect(nikBirthDate("32010115089", "2026-11-22")).toBeNull();
  });

  it("is null for a date that does not exist or non-digits", () => {
    expect(nikBirthDate(nik("311390"), "2026-11-22")).toBeNull();
    expect(nikBirthDate(nik("300290"), "2026-11-22")).toBeNull();
    expect(nikBirthDate("320101AB0890", "2026-11-22")).toBeNull();
  });
});

describe("nikAge", () => {
  it("counts the birthday on its day, not the day before", () => {
    expect(nikAge(nik("221101"), "2026-11-22")).toBe(25); // birthday today
    expect(nikAge(nik("231101"), "2026-11-22")).toBe(24); // birthday tomorrow
    expect(nikAge(nik("211101"), "2026-11-22")).toBe(25);
    expect(nikAge(nik("221201"), "2026-11-22")).toBe(24); // next month
  });

  it("treats women's codes the same way", () => {
    expect(nikAge(nik("621101"), "2026-11-22")).toBe(25);
    expect(nikAge(nik("631101"), "2026-11-22")).toBe(24);
  });
});

describe("checkNikAge", () => {
  it("does not check under 12 characters", () => {
    expect(checkNikAge("32010123110", "2026-11-22")).toEqual({ valid: true });
    expect(checkNikAge("", "2026-11-22")).toEqual({ valid: true });
  });

  it("accepts 25 on the birthday and refuses the day before", () => {
    expect(checkNikAge(nik("221101"), "2026-11-22")).toEqual({ valid: true });
    expect(checkNikAge(nik("231101"), "2026-11-22")).toEqual({ valid: false, message: UNDERAGE });
  });

  it("checks a 12-character prefix", () => {
    expect(checkNikAge("320101231101", "2026-11-22")).toEqual({ valid: false, message: UNDERAGE });
    expect(checkNikAge("320101150890", "2026-11-22")).toEqual({ valid: true });
  });

  it("refuses a code from the current century that is too young", () => {
    expect(checkNikAge(nik("010105"), "2026-11-22")).toEqual({ valid: false, message: UNDERAGE });
    expect(checkNikAge(nik("450108"), "2026-11-22")).toEqual({ valid: false, message: UNDERAGE });
  });
});

describe("isValidNikFormat", () => {
  it("needs 16 digits and a real date", () => {
    expect(isValidNikFormat(nik("150890"))).toBe(true);
    expect(isValidNikFormat(nik("550890"))).toBe(true); // woman, day 15
    expect(isValidNikFormat(nik("290200"))).toBe(true); // 2000 is leap
    expect(isValidNikFormat(nik("290201"))).toBe(false);
    expect(isValidNikFormat(nik("151390"))).toBe(false); // month 13
    expect(isValidNikFormat(nik("150090"))).toBe(false); // month 0
    expect(isValidNikFormat(nik("000190"))).toBe(false); // day 0
    expect(isValidNikFormat(nik("720190"))).toBe(false); // woman, day 32
    expect(isValidNikFormat("320101150890001")).toBe(false);
    expect(isValidNikFormat("32010115089000012")).toBe(false);
    expect(isValidNikFormat("32010115089000A1")).toBe(false);
  });
});

describe("nikRegionCode", () => {
  it("formats the first six digits", () => {
    expect(nikRegionCode("3201011508900001")).toBe("32.01.01");
    expect(nikRegionCode("317404")).toBe("31.74.04");
    expect(nikRegionCode("3174")).toBeNull();
    expect(nikRegionCode("31A404")).toBeNull();
  });
});
