import { takeTkbSnapshot } from "../../modules/company/tkb-snapshot.ts";
import { defineJob } from "../job-definition.ts";

/** Daily, after the day's accrual: the TKB figures of the live book, kept as history (decision 0017). */
export const tkbSnapshotJob = defineJob({
  name: "tkb-snapshot",
  runs: { daily: "00:20" },
  async handler({ tx, businessDate, log, occurrence }) {
    const snapshot = await takeTkbSnapshot(tx, businessDate);
    log.info({ occurrence, entries: snapshot?.entries ?? null }, "TKB snapshot done");
  },
});
