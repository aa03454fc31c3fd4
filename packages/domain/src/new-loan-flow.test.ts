import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newLoanRefusal, newLoanRoute, returningFlowKey } from "./new-loan-flow.ts";

const CLEAR = { applicationsInFlight: 0, loanAccounts: [{ principal_balance: 0 }], flowInProgress: false };

describe("new-loan routing (decision 0018)", () => {
  it("picks the returning variant of the registration flow by whether a loan was ever disbursed", () => {
    expect(newLoanRoute("spl_onboarding", { ...CLEAR, hadLoan: true })).toEqual({ flowKey: "spl_returning", refusal: null });
    expect(newLoanRoute("spl_onboarding", { ...CLEAR, hadLoan: false })).toEqual({ flowKey: "spl_returning_ntb", refusal: null });
    expect(newLoanRoute("bni_payroll_loan_plus_payroll_loan", { ...CLEAR, hadLoan: true })).toEqual({ flowKey: "bni_payroll_loan_plus_payroll_loan_returning", refusal: null });
    expect(newLoanRoute("bni_payroll_loan_plus_payroll_loan", { ...CLEAR, hadLoan: false })).toEqual({ flowKey: "bni_payroll_loan_plus_payroll_loan", refusal: null });
    expect(newLoanRoute("alumak_onboarding", { ...CLEAR, hadLoan: true })).toEqual({ flowKey: "alumak_onboarding", refusal: null });
    expect(newLoanRoute("profile_change", { ...CLEAR, hadLoan: true })).toBeNull();
    expect(returningFlowKey("_plus_payroll_loan", true)).toBeNull();
  });

  it("refuses in the order the customer can act on: application in flight, unpaid principal, open flow", () => {
    const all = { applicationsInFlight: 1, loanAccounts: [{ principal_balance: 1 }], flowInProgress: true };
    expect(newLoanRefusal(all)).toBe("application_in_flight");
    expect(newLoanRefusal({ ...all, applicationsInFlight: 0 })).toBe("unpaid_principal");
    expect(newLoanRefusal({ ...all, applicationsInFlight: 0, loanAccounts: [] })).toBe("flow_in_progress");
    expect(newLoanRoute("spl_onboarding", { ...all, hadLoan: true })).toEqual({ flowKey: "no_flow_available", refusal: "application_in_flight" });
  });

  it("a signed-in customer registers as a lender on the lender flow itself, whatever their loans (no new-loan refusal)", () => {
    const all = { applicationsInFlight: 1, loanAccounts: [{ principal_balance: 1 }], flowInProgress: true };
    expect(newLoanRoute("lender_onboarding", { ...all, hadLoan: true })).toEqual({ flowKey: "lender_onboarding", refusal: null });
    expect(newLoanRoute("lender_onboarding", { ...CLEAR, hadLoan: false })).toEqual({ flowKey: "lender_onboarding", refusal: null });
  });

  it("a new loan is allowed exactly when nothing is in flight, nothing is owed and no flow is open", () => {
    fc.assert(
      fc.property(fc.nat(3), fc.array(fc.nat(5_000_000)), fc.boolean(), fc.boolean(), (inFlight, balances, open, hadLoan) => {
        const route = newLoanRoute("spl_onboarding", { applicationsInFlight: inFlight, loanAccounts: balances.map((b) => ({ principal_balance: b })), flowInProgress: open, hadLoan });
        const allowed = inFlight === 0 && balances.every((b) => b === 0) && !open;
        expect(route?.refusal === null).toBe(allowed);
        expect(route?.flowKey === "no_flow_available").toBe(!allowed);
      }),
    );
  });
});
