import { describe, expect, it } from "vitest";
import * as domain from "./index.ts";

describe("public API", () => {
  it("re-exports every module's functions and constants", () => {
    const names = [
      "formatNumber", "formatRupiah", "formatShortRupiah", "isRupiah", "formatDailyRate",
      "formatDate", "formatDateTime", "addMonths", "jakartaToday", "daysBetween", "formatTerm",
      "APPLICATION_STATUSES", "ACCOUNT_STATUSES", "INVESTMENT_STATUSES",
      "applicationStatusLabel", "accountStatusLabel", "investmentStatusLabel",
      "hasInitialApplication", "isSubmitted", "isEffective", "isAccepted", "isFullyRepaid",
      "isRescheduled", "isRestructured", "maturityExtensionDays", "canOpenNewLoan",
      "nikBirthDate", "nikAge", "checkNikAge", "isValidNikFormat", "nikRegionCode",
      "MIN_APPLICANT_AGE", "NIK_CHECK_FROM_LENGTH",
      "ADDRESS_TYPES", "ADDRESS_PARENTS", "ADDRESS_SEARCH_SWITCH_LENGTH", "ADDRESS_SEARCH_DEBOUNCE_MS",
      "buildAddressFilters", "isAddressFieldDisabled",
      "LOAN_SETTINGS", "rangeValues", "clampToRange", "checkLoanRequest",
      "buildSchedule", "dailyRateCap", "lateFeeCap", "checkOffer", "maxLateFeeTotal", "offerRate",
      "variantForPath", "registrationFlowKey", "HIDDEN_LAYOUT_FLOW_KEYS", "isLayoutHidden",
      "TKB_ROTATION_MS", "minutesToMs", "errorStatus", "shouldReloadOnChunkError",
    ];
    const missing = names.filter((name) => !(name in domain));
    expect(missing).toEqual([]);
  });
});
