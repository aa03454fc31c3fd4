import { MAX_CLOCK_MOVE_DAYS } from "@pinjaman/domain/business-clock";
import { z } from "zod";

/** The business clock as the sandbox shows it: the date the books live at (Jakarta) and the offset. */
export const businessClockState = z.object({
  /** Today's business date, `yyyy-mm-dd` in Asia/Jakarta. */
  business_date: z.string(),
  /** The business instant, ISO 8601. */
  business_time: z.string(),
  /** Whole days the sandbox clock runs ahead of the real date (0 outside the sandbox). */
  offset_days: z.number().int().min(0),
});
export type BusinessClockState = z.infer<typeof businessClockState>;

/** GET app_api/v1/sandbox/clock. */
export const businessClockResponse = z.object({ data: businessClockState });
export type BusinessClockResponse = z.infer<typeof businessClockResponse>;

/** POST app_api/v1/sandbox/clock: move the sandbox clock forward by whole days (never back). */
export const moveBusinessClockBody = z.object({
  data: z.object({ days: z.number().int().min(1).max(MAX_CLOCK_MOVE_DAYS) }),
});
export type MoveBusinessClockBody = z.infer<typeof moveBusinessClockBody>;

/** A job run the move caused, in the order it ran. */
export const jobRunSummary = z.object({ job: z.string(), occurrence: z.string(), business_date: z.string() });

export const moveBusinessClockResponse = z.object({
  data: businessClockState.extend({ job_runs: z.array(jobRunSummary) }),
});
export type MoveBusinessClockResponse = z.infer<typeof moveBusinessClockResponse>;
