import { z } from "zod";
import { pageMeta, pageNumber } from "./paging.ts";

/** Collections calls of the back office (collections.work), under app_api/v1/staff. */

const rupiah = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DPD_BUCKET_KEYS = ["1_30", "31_60", "61_90", "over_90"] as const;
export const CONTACT_CHANNEL_KEYS = ["call", "sms", "whatsapp", "email"] as const;
export const CONTACT_OUTCOME_KEYS = ["reached", "no_answer", "wrong_number", "promised", "refused", "message_sent"] as const;

/** GET staff/collections?bucket=&page=: late loans, most days past due first, then by id; 25 a page. */
export const collectionsQuery = z.object({ bucket: z.enum(DPD_BUCKET_KEYS).optional(), page: pageNumber });

export const lateLoan = z.object({
  account_id: z.uuid(),
  borrower_name: z.string(),
  phone: z.string().nullable(),
  time_zone: z.enum(["WIB", "WITA", "WIT"]),
  days_past_due: z.number().int().min(1),
  bucket: z.enum(DPD_BUCKET_KEYS),
  /** Late fee + interest + principal of the invoices already due and unpaid. */
  overdue_amount: rupiah,
  outstanding_principal: rupiah,
  last_contact_at: z.string().nullable(),
});
export type LateLoan = z.infer<typeof lateLoan>;

/** One page of the bucket asked (all buckets without one); `total` counts that bucket's loans, `counts` every bucket's. */
export const collectionsResponse = z.object({
  data: z.array(lateLoan),
  meta: pageMeta.extend({
    counts: z.object(Object.fromEntries(DPD_BUCKET_KEYS.map((key) => [key, z.number().int()])) as Record<(typeof DPD_BUCKET_KEYS)[number], z.ZodNumber>),
    today: isoDate,
  }),
});
export type CollectionsResponse = z.infer<typeof collectionsResponse>;

export const collectionAccountParams = z.object({ accountId: z.uuid() });

/** POST staff/collections/{accountId}/contacts */
export const contactBody = z.object({
  channel: z.enum(CONTACT_CHANNEL_KEYS),
  outcome: z.enum(CONTACT_OUTCOME_KEYS),
  note: z.string().trim().max(2000).default(""),
});
export type ContactBody = z.input<typeof contactBody>;

/** POST staff/collections/{accountId}/promises */
export const promiseBody = z.object({
  promised_on: isoDate,
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  note: z.string().trim().max(2000).default(""),
});
export type PromiseBody = z.input<typeof promiseBody>;

export const contact = z.object({
  id: z.uuid(),
  channel: z.enum(CONTACT_CHANNEL_KEYS),
  outcome: z.enum(CONTACT_OUTCOME_KEYS),
  note: z.string(),
  time_zone: z.string(),
  contacted_at: z.string(),
  staff_name: z.string(),
});
export const promiseToPay = z.object({
  id: z.uuid(),
  made_on: isoDate,
  promised_on: isoDate,
  amount: rupiah,
  /** Paid on the loan from made_on up to promised_on. */
  paid: rupiah,
  status: z.enum(["pending", "kept", "broken"]),
  note: z.string(),
  staff_name: z.string(),
});

/** GET staff/collection_cases/{accountId} */
export const collectionCase = z.object({
  loan: lateLoan.extend({ days_past_due: z.number().int().min(0), bucket: z.enum(DPD_BUCKET_KEYS).nullable() }),
  /** Whether the borrower may be contacted now, and their local time. */
  contact_window: z.object({ allowed: z.boolean(), local_time: z.string(), from: z.string(), until: z.string() }),
  contacts: z.array(contact),
  promises: z.array(promiseToPay),
  today: isoDate,
});
export type CollectionCase = z.infer<typeof collectionCase>;
export const collectionCaseResponse = z.object({ data: collectionCase });
export const contactResponse = z.object({ data: contact });
export const promiseResponse = z.object({ data: promiseToPay });
