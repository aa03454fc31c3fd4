import { describe, expect, it } from "vitest";
import type { Account, AccountApplication } from "./account-helpers.ts";
import {
  canOpenNewLoan,
  hasInitialApplication,
  isAccepted,
  isEffective,
  isFullyRepaid,
  isRescheduled,
  isRestructured,
  isSubmitted,
  maturityExtensionDays,
} from "./account-helpers.ts";

function application(overrides: Partial<AccountApplication> = {}): AccountApplication {
  return {
    submitted_on: "2026-01-10",
    effective_on: "2026-01-12",
    maturity_on: "2026-07-12",
    status: "active",
    type_key: "loan",
    ...overrides,
  };
}

function account(overrides: Partial<Account> = {}): Account {
  return {
    type_key: "loan",
    principal_balance: 1500000,
    initial_account_application: application(),
    current_account_application: application(),
    closed_on: null,
    activated: true,
    status: "active",
    ...overrides,
  };
}

describe("application presence and dates", () => {
  it("hasInitialApplication", () => {
    expect(hasInitialApplication(account())).toBe(true);
    expect(hasInitialApplication(account({ initial_account_application: null }))).toBe(false);
  });

  it("reads submitted/effective from the current application", () => {
    const a = account({
      initial_account_application: application(),
      current_account_application: application({ submitted_on: null, effective_on: null }),
    });
    expect(isSubmitted(a)).toBe(false);
    expect(isEffective(a)).toBe(false);
  });

  it("falls back to the initial application without a current one", () => {
    const a = account({ current_account_application: null });
    expect(isSubmitted(a)).toBe(true);
    expect(isEffective(a)).toBe(true);
    expect(isSubmitted(account({ current_account_application: null, initial_account_application: null }))).toBe(false);
  });

  it("isAccepted only for status accepted on the current application", () => {
    expect(isAccepted(account({ current_account_application: application({ status: "accepted" }) }))).toBe(true);
    expect(isAccepted(account())).toBe(false);
    expect(
      isAccepted(account({ initial_account_application: application({ status: "accepted" }), current_account_application: null })),
    ).toBe(false);
  });
});

describe("isFullyRepaid", () => {
  it("needs submitted, effective and zero principal", () => {
    expect(isFullyRepaid(account({ principal_balance: 0 }))).toBe(true);
    expect(isFullyRepaid(account({ principal_balance: 1 }))).toBe(false);
    expect(
      isFullyRepaid(account({ principal_balance: 0, current_account_application: application({ effective_on: null }) })),
    ).toBe(false);
    expect(
      isFullyRepaid(account({ principal_balance: 0, current_account_application: application({ submitted_on: null }) })),
    ).toBe(false);
  });
});

describe("reschedule and restructure", () => {
  it("read the current application's type_key", () => {
    const rescheduled = account({ current_account_application: application({ type_key: "reschedule" }) });
    const restructured = account({ current_account_application: application({ type_key: "restructure" }) });
    expect(isRescheduled(rescheduled)).toBe(true);
    expect(isRestructured(rescheduled)).toBe(false);
    expect(isRestructured(restructured)).toBe(true);
    expect(isRescheduled(restructured)).toBe(false);
    expect(isRescheduled(account({ initial_account_application: application({ type_key: "reschedule" }) }))).toBe(false);
  });
});

describe("maturityExtensionDays", () => {
  it("is current maturity minus initial maturity", () => {
    const a = account({
      initial_account_application: application({ maturity_on: "2026-07-12" }),
      current_account_application: application({ maturity_on: "2026-08-11", type_key: "reschedule" }),
    });
    expect(maturityExtensionDays(a)).toBe(30);
  });

  it("is 0 when either date is missing", () => {
    expect(maturityExtensionDays(account({ current_account_application: application({ maturity_on: null }) }))).toBe(0);
    expect(maturityExtensionDays(account({ initial_account_application: null }))).toBe(0);
    expect(maturityExtensionDays(account({ current_account_application: null }))).toBe(0);
  });

  it("uses the date part of date-time values", () => {
    const a = account({
      initial_account_application: application({ maturity_on: "2026-07-12T00:00:00Z" }),
      current_account_application: application({ maturity_on: "2026-07-19" }),
    });
    expect(maturityExtensionDays(a)).toBe(7);
  });
});

describe("canOpenNewLoan", () => {
  const repaid = { principal_balance: 0 };
  const owing = { principal_balance: 500000 };

  const ended = [{ status: "closed" }, { status: "rejected" }, { status: "cancelled" }, { status: "activated" }];

  it("allows when loaded, nothing owed, no flow in progress and no application in flight", () => {
    expect(canOpenNewLoan({ loaded: true, loanAccounts: [], flowInProgress: false, applications: [] })).toBe(true);
    expect(canOpenNewLoan({ loaded: true, loanAccounts: [repaid, repaid], flowInProgress: false, applications: ended })).toBe(true);
  });

  it("refuses otherwise", () => {
    expect(canOpenNewLoan({ loaded: false, loanAccounts: [], flowInProgress: false, applications: [] })).toBe(false);
    expect(canOpenNewLoan({ loaded: true, loanAccounts: [repaid, owing], flowInProgress: false, applications: [] })).toBe(false);
    expect(canOpenNewLoan({ loaded: true, loanAccounts: [], flowInProgress: true, applications: [] })).toBe(false);
    for (const status of ["draft", "submitted", "waiting_for_investment", "waiting_for_deadline", "in_disbursement"]) {
      expect(canOpenNewLoan({ loaded: true, loanAccounts: [], flowInProgress: false, applications: [...ended, { status }] }), status).toBe(false);
    }
  });
});
