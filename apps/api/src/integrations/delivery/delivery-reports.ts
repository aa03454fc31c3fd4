import type { InfobipReport } from "@pinjaman/contracts/delivery-reports";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, eq, inArray } from "drizzle-orm";
import { shortError } from "./transports.ts";

export type ReportOutcome = "updated" | "unchanged" | "unknown";

/** Infobip's final status groups; PENDING (1) and anything else is not final and changes nothing. */
const DELIVERED_GROUP = "DELIVERED";
const UNDELIVERED_GROUPS = new Set(["UNDELIVERABLE", "EXPIRED", "REJECTED"]);

/** `2026-05-04T10:15:00.000+0000` → a Date (the offset's colon added); null when absent. */
function reportTime(text: string | undefined): Date | null {
  if (!text) return null;
  const time = new Date(text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The provider's words for a failed delivery, as support reads them in last_error. */
function failureText(report: InfobipReport): string {
  const status = [report.status.groupName, report.status.name, report.status.description].filter(Boolean).join(" ");
  const error = report.error && report.error.name && report.error.name !== "NO_ERROR" ? [report.error.name, report.error.description].filter(Boolean).join(" ") : "";
  return shortError(`Infobip report: ${status}${error ? `; error: ${error}` : ""}`);
}

/**
 * One Infobip delivery report (decision 0028), applied to the SMS it names by messageId:
 * - DELIVERED: sent or undelivered → delivered (a late DELIVERED after an EXPIRED wins: the
 *   handset has it, which is what support is asked);
 * - UNDELIVERABLE, EXPIRED, REJECTED: sent → undelivered with the provider's words in last_error
 *   (not retried: the message was accepted, and a resend is the customer's "send again");
 * - anything else (PENDING): nothing.
 * Each change is one conditional UPDATE on the status it may leave, so a repeated report, a
 * failure after delivered, or two reports racing change nothing twice. A messageId of no SMS of
 * ours (another system on the account, a record already deleted, or a report faster than the
 * record of the send) is `unknown`.
 */
export async function applyInfobipReport(db: Db, report: InfobipReport, receivedAt = new Date()): Promise<ReportOutcome> {
  const d = schema.deliveries;
  const ours = and(eq(d.channel, "sms"), eq(d.provider, "infobip"), eq(d.providerMessageId, report.messageId));
  const [known] = await db.select({ id: d.id }).from(d).where(ours).limit(1);
  if (!known) return "unknown";
  const group = report.status.groupName.toUpperCase();
  const recorded = { reportStatus: report.status.name ?? group, reportedAt: reportTime(report.doneAt) ?? receivedAt, updatedAt: new Date() };
  let changed: { id: string }[] = [];
  if (group === DELIVERED_GROUP) {
    changed = await db
      .update(d)
      .set({ ...recorded, status: "delivered" })
      .where(and(ours, inArray(d.status, ["sent", "undelivered"])))
      .returning({ id: d.id });
  } else if (UNDELIVERED_GROUPS.has(group)) {
    changed = await db
      .update(d)
      .set({ ...recorded, status: "undelivered", lastError: failureText(report) })
      .where(and(ours, eq(d.status, "sent")))
      .returning({ id: d.id });
  }
  return changed.length > 0 ? "updated" : "unchanged";
}

/** A report body's results in order; answers how many changed something, changed nothing, or named no message of ours. */
export async function applyInfobipReports(db: Db, reports: InfobipReport[]): Promise<Record<ReportOutcome, number>> {
  const counts: Record<ReportOutcome, number> = { updated: 0, unchanged: 0, unknown: 0 };
  for (const report of reports) counts[await applyInfobipReport(db, report)] += 1;
  return counts;
}
