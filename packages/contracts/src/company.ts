import { z } from "zod";

/** GET tkb.php?key=… — the company service behind the header's success-rate indicator. */
export const tkbQuery = z.object({ key: z.string().optional() });

export const tkbEntry = z.object({
  name: z.string(),
  /** Two decimals as text ("98.87"), so no float ever carries the figure. */
  percentage: z.string().regex(/^\d{1,3}\.\d{2}$/),
});
export type TkbEntryDto = z.infer<typeof tkbEntry>;

export const tkbResponse = z.object({
  data: z.array(tkbEntry),
  last_update: z.string(),
});
export type TkbResponse = z.infer<typeof tkbResponse>;

/**
 * POST app_api/v1/tkb_snapshots (operators): computes the TKB figures from the live book now,
 * stores them as the latest snapshot (the history is kept) and returns them.
 */
export const tkbSnapshotRequest = z.object({ data: z.object({}).strict() });

export const tkbSnapshotResponse = z.object({
  data: z.object({
    entries: z.array(tkbEntry),
    /** The business date the figures are for (yyyy-mm-dd, Jakarta). */
    as_of: z.string(),
    /** Integer rupiah. */
    outstanding_principal: z.number().int().nonnegative(),
    computed_at: z.string(),
  }),
});
export type TkbSnapshotResponse = z.infer<typeof tkbSnapshotResponse>;
