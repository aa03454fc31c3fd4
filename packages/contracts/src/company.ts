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
