import { describe, expect, it } from "vitest";
import { HIDDEN_LAYOUT_FLOW_KEYS, isLayoutHidden, registrationFlowKey, variantForPath } from "./variant.ts";

describe("variantForPath", () => {
  it.each([
    "/plus-payroll",
    "/tentang-plus",
    "/faq-plus",
    "/cara-mengajukan-pinjaman-online-cicilan",
    "/plus-costs",
  ])("%s is plus", (path) => {
    expect(variantForPath(path)).toBe("plus");
  });

  it("business for the business landing page", () => {
    expect(variantForPath("/pinjaman-online-bisnis-dan-modal-usaha")).toBe("business");
  });

  it("ignores a trailing slash, query and fragment", () => {
    expect(variantForPath("/plus-payroll/")).toBe("plus");
    expect(variantForPath("/faq-plus?utm_source=x")).toBe("plus");
    expect(variantForPath("/pinjaman-online-bisnis-dan-modal-usaha/?a=b#top")).toBe("business");
  });

  it("matches exact paths only; everything else is default", () => {
    expect(variantForPath("/")).toBe("default");
    expect(variantForPath("/plus-payroll/extra")).toBe("default");
    expect(variantForPath("/plus-payrolls")).toBe("default");
    expect(variantForPath("/faq")).toBe("default");
    expect(variantForPath("")).toBe("default");
  });
});

describe("registrationFlowKey", () => {
  it("maps each variant to its flow", () => {
    expect(registrationFlowKey("default", "spl")).toBe("spl_onboarding");
    expect(registrationFlowKey("plus", "bni")).toBe("bni_plus_payroll_loan");
    expect(registrationFlowKey("business", "spl")).toBe("alumak_onboarding");
  });
});

describe("isLayoutHidden", () => {
  it("lists the hidden flow keys", () => {
    expect(HIDDEN_LAYOUT_FLOW_KEYS).toEqual([
      "chili_money_onboarding",
      "chilimoney_spl",
      "chilimoney_onboarding",
      "installment_loan_chilimoney_subflow",
      "installment_loan_chilimoney_subflow_lead_based",
      "leads",
      "purchase",
      "generate-password",
    ]);
  });

  it.each(HIDDEN_LAYOUT_FLOW_KEYS.map((key) => `/flows/${key}`))("%s hides the layout", (path) => {
    expect(isLayoutHidden(path)).toBe(true);
  });

  it("hides for /leads, /purchase and /generate-password sections", () => {
    expect(isLayoutHidden("/leads/abc")).toBe(true);
    expect(isLayoutHidden("/purchase/123/confirm")).toBe(true);
    expect(isLayoutHidden("/generate-password/token")).toBe(true);
    expect(isLayoutHidden("/flows/chilimoney_spl/?step=2")).toBe(true);
  });

  it("keeps the layout elsewhere", () => {
    expect(isLayoutHidden("/")).toBe(false);
    expect(isLayoutHidden("/flows/spl_onboarding")).toBe(false);
    expect(isLayoutHidden("/flows")).toBe(false);
    expect(isLayoutHidden("/leadsx")).toBe(false);
    expect(isLayoutHidden("/dashboard/leads")).toBe(false);
  });
});

describe("registration flow keys", () => {
  it("accepts the three kinds of registration flow and nothing else", async () => {
    const { isRegistrationFlowKey } = await import("./variant.ts");
    expect(["spl_onboarding", "alumak_onboarding", "bni_payroll_loan_plus_payroll_loan", "lender_onboarding"].map(isRegistrationFlowKey)).toEqual([true, true, true, true]);
    expect(["profile_change", "_plus_payroll_loan", "x_plus_payroll_loan_returning", "SPL_ONBOARDING"].map(isRegistrationFlowKey)).toEqual([false, false, false, false]);
  });
});
