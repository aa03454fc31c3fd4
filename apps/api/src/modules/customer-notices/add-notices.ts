import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";

export type NewNotice = { customerId: string; title: string; body: string };

/**
 * Stores customer notices dated at the business instant `at` (decision 0011): a notice speaks of
 * the books (a disbursal, an invoice due, a promise), so it carries the business date the rest of
 * the app shows, also after the sandbox clock moved. Every notice is stored through here.
 */
export async function addNotices(tx: Db, at: Date, notices: readonly NewNotice[]): Promise<{ id: string }[]> {
  if (notices.length === 0) return [];
  return tx
    .insert(schema.customerNotices)
    .values(notices.map((n) => ({ ...n, createdAt: at })))
    .returning({ id: schema.customerNotices.id });
}
