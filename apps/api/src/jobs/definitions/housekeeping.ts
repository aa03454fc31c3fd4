import { schema } from "@pinjaman/db";
import { and, inArray, lt } from "drizzle-orm";
import { pruneThrottles } from "../../modules/throttle/throttle-service.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Daily housekeeping: deletes what has expired, one set-based DELETE per kind, so running it twice
 * deletes nothing more. Expiry is judged on the real time the services check it against (a sandbox
 * clock moved forward must not log the tester out). Never touches anything financial, any
 * customer, application or audit record:
 * - sessions past their expiry (a refresh moves expires_at forward, so a live one is never hit);
 * - saved flow progresses never completed whose 2000 minutes have run out (decision 0007: kept no
 *   longer than their purpose needs, UU PDP); completed and cancelled ones stay with their records;
 * - password reset / first-password links past their expiry;
 * - throttle counters whose window ended more than a day ago.
 */
export const housekeepingJob = defineJob({
  name: "housekeeping",
  runs: { daily: "01:00" },
  async handler({ tx, log, occurrence }) {
    const now = new Date();
    const sessions = await tx.delete(schema.sessions).where(lt(schema.sessions.expiresAt, now)).returning({ id: schema.sessions.id });
    const progresses = await tx
      .delete(schema.flowProgresses)
      .where(and(inArray(schema.flowProgresses.status, ["in_progress", "expired"]), lt(schema.flowProgresses.expiresAt, now)))
      .returning({ id: schema.flowProgresses.id });
    const links = await tx.delete(schema.passwordTokens).where(lt(schema.passwordTokens.expiresAt, now)).returning({ id: schema.passwordTokens.id });
    await pruneThrottles(tx, now);
    log.info({ occurrence, sessions: sessions.length, flowProgresses: progresses.length, passwordLinks: links.length }, "housekeeping done");
  },
});
