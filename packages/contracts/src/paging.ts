import { z } from "zod";

/**
 * The pieces every paged list shares: `?page=` (1-based, coerced from the query string) and the
 * `meta` of a page (its number, its size and how many rows all pages hold), so a client computes
 * the pages as ceil(total / per_page).
 */

/** `?page=`: whole, 1 to 10,000, default 1 (a bad value is a 400 naming `page`). */
export const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);

export const pageMeta = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export type PageMeta = z.infer<typeof pageMeta>;
