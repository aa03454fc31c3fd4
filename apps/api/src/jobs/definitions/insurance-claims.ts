import { fileDueClaims } from "../../modules/insurance/insurance-claims.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Daily, after the late-fee accrual: files the insurance claim of every insured investment whose
 * loan passed 90 days past due (decision 0024), each once (`insurance_claims` is unique per investment).
 */
export const insuranceClaimsJob = defineJob({
  name: "insurance-claims",
  runs: { daily: "00:30" },
  async handler({ tx, businessDate, log, occurrence, integrations }) {
    const outcomes = await fileDueClaims(tx, businessDate, integrations.insurer, log);
    log.info({ occurrence, claims: outcomes.length, paid: outcomes.filter((o) => o.outcome === "paid").length }, "insurance claims done");
  },
});
