import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { inArray } from "drizzle-orm";

export type PartnerApplication = { id: string; status: string; amount: number; term: number; rejection_reason: string | null };

/** Applications by id, as a partner may see them (status and figures; nothing of the customer). */
export async function applicationsById(db: Db, ids: string[]): Promise<Map<string, PartnerApplication>> {
  if (ids.length === 0) return new Map();
  const a = schema.accountApplications;
  const rows = await db.select({ id: a.id, status: a.status, amount: a.amount, term: a.term, rejectionReason: a.rejectionReason }).from(a).where(inArray(a.id, ids));
  return new Map(rows.map((r) => [r.id, { id: r.id, status: r.status, amount: r.amount, term: r.term, rejection_reason: r.rejectionReason }]));
}

/**
 * Statuses a partner is told about (the application is decided): rejected, or approved and on its
 * way (waiting for investment), and later the loan's start (activated) or an end without a loan.
 */
export const DECIDED_STATUSES = ["rejected", "waiting_for_investment", "cancelled", "activated"] as const;
