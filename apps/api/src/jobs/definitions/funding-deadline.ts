import { expireUnfundedApplications } from "../../modules/funding/funding-deadline.ts";
import { defineJob } from "../job-definition.ts";

/** Daily: applications not fully funded by their funding deadline expire and free the lenders' reservations. */
export const fundingDeadlineJob = defineJob({
  name: "funding-deadline",
  runs: { daily: "00:30" },
  async handler({ tx, businessDate, log, occurrence }) {
    const expired = await expireUnfundedApplications(tx, businessDate);
    log.info({ occurrence, expired: expired.length }, "funding deadline done");
  },
});
