import type { BusinessClockResponse, MoveBusinessClockResponse } from "@pinjaman/contracts/business-clock";
import { MAX_CLOCK_MOVE_DAYS } from "@pinjaman/domain/business-clock";

/** GET/POST app_api/v1/sandbox/clock: the sandbox business date, moved forward by whole days. */
export const CLOCK_URL = "/app_api/v1/sandbox/clock";

export type { BusinessClockResponse, MoveBusinessClockResponse };

/** The typed number of days, or null when it is not a whole number from 1 to 366. */
export function parseDays(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days >= 1 && days <= MAX_CLOCK_MOVE_DAYS ? days : null;
}
