import { accrueLateFeesThrough } from "../../modules/late-fees/late-fee-accrual.ts";
import { applyDueCredits } from "../../modules/repayments/credit-application.ts";
import { platformSettings } from "../../modules/settings/company-settings.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Daily: first the credit borrowers keep on their loans pays the invoices falling due
 * (credit-application.ts), then every open invoice past its due date accrues the day's late fee
 * within the OJK caps (decision 0017), and any day missed before it (a clock jump, an outage),
 * each once. One transaction, in that order: a borrower holding enough credit is never late.
 */
export const lateFeeAccrualJob = defineJob({
  name: "late-fee-accrual",
  runs: { daily: "00:10" },
  async handler({ tx, businessDate, log, occurrence, integrations }) {
    const { platform_fee_ppm: platformFeePpm } = await platformSettings(tx, integrations.repayment.platformFeePpm);
    const creditsApplied = await applyDueCredits(tx, businessDate, platformFeePpm);
    const { days, lateFees } = await accrueLateFeesThrough(tx, businessDate);
    log.info({ occurrence, creditsApplied, days: days.length, lateFees }, "late-fee accrual done");
  },
});
