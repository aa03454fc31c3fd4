import { LEAD_DATA_GRACE_DAYS } from "@pinjaman/domain/personal-data-retention";
import { purgeExpiredIdentities, purgeExpiredLeads } from "../../modules/personal-data/retention-purge.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Daily, UU PDP 27/2022 storage limitation (decisions 0030 and 0032):
 * - deleted customers whose APU-PPT retention ran out on the business date lose the kept identity
 *   core (business clock: the retention is counted in the books' days);
 * - partner leads expired LEAD_DATA_GRACE_DAYS ago and never turned into an application lose their
 *   prefilled personal fields. A lead's expiry is judged on the real time its link is checked
 *   against (like housekeeping): a sandbox clock moved forward must not strip a lead still usable.
 * Both are set-based and marked, so a second run removes nothing more.
 */
export const personalDataRetentionJob = defineJob({
  name: "personal-data-retention",
  runs: { daily: "01:30" },
  async handler({ tx, businessDate, at, log, occurrence }) {
    const identities = await purgeExpiredIdentities(tx, businessDate, at);
    const now = new Date();
    const leads = await purgeExpiredLeads(tx, new Date(now.getTime() - LEAD_DATA_GRACE_DAYS * 86_400_000), now);
    log.info({ occurrence, identities: identities.length, leads }, "personal data retention done");
  },
});
