import { describe, expect, it } from "vitest";
import { npwpDigits } from "./npwp.ts";

describe("NPWP", () => {
  it("takes 15 or 16 digits, as typed with dots and dashes", () => {
    expect(npwpDigits("01.234.567.8-901.000")).toBe("012345678901000");
    expect(npwpDigits("3273010101900001")).toBe("3273010101900001");
    expect(npwpDigits("01234567890123")).toBeNull();
    expect(npwpDigits("01234567890123456")).toBeNull();
    expect(npwpDigits("01234567890123a")).toBeNull();
  });
});
