import { describe, expect, it } from "vitest";
import {
  applicationOffer,
  multiProductChoices,
  noFlowReason,
  offeredApplicationFlows,
  offerLimits,
  refinancingOffer,
  type BorrowerBook,
  type BorrowerLoan,
  type ProductRules,
} from "./borrower-offers.ts";
import { LOAN_SETTINGS } from "./loan-settings.ts";

const SPL: ProductRules = { key: "spl", loanType: "consumptive", loanSettings: LOAN_SETTINGS };
const ALUMAK: ProductRules = { key: "alumak", loanType: "productive", loanSettings: LOAN_SETTINGS };
const PAYROLL: ProductRules = { key: "bni_payroll_loan", loanType: "consumptive", loanSettings: LOAN_SETTINGS };

const RETURNING: BorrowerBook = {
  applicationsInFlight: 0,
  loanAccounts: [{ principal_balance: 0 }],
  flowInProgress: false,
  hadLoan: true,
  repaidLoans: [{ productKey: "spl", amount: 3_000_000 }],
  everLate: false,
  activeLoans: [],
};

const LOAN: BorrowerLoan = { accountId: "a", productKey: "spl", status: "active", principalBalance: 2_000_000, amount: 3_000_000, overdue: false, paidInstalments: 1, payoff: 2_150_300 };

describe("borrower flow offers", () => {
  it("offers the consumer loan to a clean returning customer, the mini loan to one who was late", () => {
    expect(offeredApplicationFlows(RETURNING)).toEqual(["consumer_installment_loan"]);
    expect(offeredApplicationFlows({ ...RETURNING, everLate: true })).toEqual(["mini_installment_loan"]);
    expect(applicationOffer("consumer_installment_loan", { ...RETURNING, everLate: true })).toEqual({ offered: false, reason: "late_history" });
    expect(applicationOffer("mini_installment_loan", RETURNING)).toEqual({ offered: false, reason: "clean_history" });
  });

  it("offers the multi-product flow only to a loaded customer (two loans repaid, never late)", () => {
    const loaded = { ...RETURNING, repaidLoans: [...RETURNING.repaidLoans, { productKey: "alumak", amount: 1_000_000 }] };
    expect(offeredApplicationFlows(loaded)).toEqual(["consumer_installment_loan", "repeat_multi_product"]);
    expect(applicationOffer("repeat_multi_product", RETURNING)).toEqual({ offered: false, reason: "not_loaded" });
    expect(multiProductChoices(loaded, [SPL, ALUMAK, PAYROLL])).toEqual(["spl", "alumak", "bni_payroll_loan"]);
    expect(multiProductChoices(RETURNING, [SPL, ALUMAK, PAYROLL])).toEqual(["spl", "bni_payroll_loan"]);
  });

  it("withholds every application flow under the new-loan rule and from a customer new to bank, and says why", () => {
    expect(offeredApplicationFlows({ ...RETURNING, applicationsInFlight: 1 })).toEqual([]);
    expect(noFlowReason({ ...RETURNING, applicationsInFlight: 1 })).toBe("application_in_flight");
    expect(noFlowReason({ ...RETURNING, loanAccounts: [{ principal_balance: 5 }] })).toBe("unpaid_principal");
    expect(noFlowReason({ ...RETURNING, flowInProgress: true })).toBe("flow_in_progress");
    expect(noFlowReason({ ...RETURNING, hadLoan: false, repaidLoans: [] })).toBe("not_returning");
    expect(noFlowReason(RETURNING)).toBeNull();
  });

  it("narrows the product's settings: mini to Rp 2 juta over 3 months, consumer to twice the largest repaid loan", () => {
    const mini = offerLimits("mini_installment_loan", SPL, RETURNING)!;
    expect([mini.min_amount, mini.max_amount, mini.min_term, mini.max_term, mini.default_term]).toEqual([500_000, 2_000_000, 1, 3, 3]);
    expect(offerLimits("consumer_installment_loan", SPL, RETURNING)!.max_amount).toBe(6_000_000);
    expect(offerLimits("consumer_installment_loan", SPL, { ...RETURNING, repaidLoans: [{ productKey: "spl", amount: 15_000_000 }] })!.max_amount).toBe(20_000_000);
    expect(offerLimits("consumer_installment_loan", SPL, { ...RETURNING, repaidLoans: [{ productKey: "spl", amount: 700_000 }] })!.max_amount).toBe(1_000_000);
    expect(offerLimits("repeat_multi_product", SPL, RETURNING)).toEqual(LOAN_SETTINGS);
  });

  it("refinancing covers the payoff rounded up to the step plus one step, and only for a loan in good standing", () => {
    const limits = offerLimits("refinancing", SPL, RETURNING, LOAN)!;
    expect(limits.min_amount).toBe(3_000_000);
    expect(limits.default_amount).toBe(3_000_000);
    expect(offerLimits("refinancing", SPL, RETURNING, { ...LOAN, payoff: 19_900_000 })).toBeNull();
    expect(refinancingOffer(LOAN, RETURNING)).toEqual({ offered: true });
    expect(refinancingOffer({ ...LOAN, overdue: true }, RETURNING)).toEqual({ offered: false, reason: "loan_overdue" });
    expect(refinancingOffer({ ...LOAN, paidInstalments: 0 }, RETURNING)).toEqual({ offered: false, reason: "no_instalment_paid" });
    expect(refinancingOffer({ ...LOAN, status: "closed", principalBalance: 0 }, RETURNING)).toEqual({ offered: false, reason: "loan_not_active" });
    expect(refinancingOffer(LOAN, { applicationsInFlight: 1 })).toEqual({ offered: false, reason: "application_in_flight" });
  });
});
