import { describe, expect, it } from "vitest";
import { productForPath, signUpHref } from "./products.ts";

describe("calculator products", () => {
  it("prices the variant's product on each page", () => {
    expect(productForPath("/")).toBe("spl");
    expect(productForPath("/costs")).toBe("spl");
    expect(productForPath("/plus-payroll")).toBe("bni_payroll_loan");
    expect(productForPath("/plus-costs/")).toBe("bni_payroll_loan");
    expect(productForPath("/pinjaman-online-bisnis-dan-modal-usaha")).toBe("alumak");
    expect(productForPath("/alumak")).toBe("alumak");
  });

  it("builds the sign-up link with the chosen loan", () => {
    expect(signUpHref("spl_onboarding")).toBe("/sign-up?flow=spl_onboarding");
    expect(signUpHref("alumak_onboarding", { amount: 1_500_000, term: 7 })).toBe(
      "/sign-up?flow=alumak_onboarding&amount=1500000&term=7",
    );
  });
});
