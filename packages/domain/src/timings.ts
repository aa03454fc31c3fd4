/** Timing and layout constants (spec section 9) and small error helpers (spec section 8). */

/** Success-rate (TKB) indicator rotation. */
export const TKB_ROTATION_MS = 3000;
/** A delayed button stays disabled this long. */
export const DELAYED_BUTTON_MS = 60000;
export const RESEND_CODE_SECONDS = 60;
export const RECORDING_SECONDS = 30;
export const SHUTTER_FLASH_MS = 500;
/** The top progress bar starts only after this throttle … */
export const PROGRESS_THROTTLE_MS = 200;
/** … and advances toward 100 over this long. */
export const PROGRESS_DURATION_MS = 5000;
/** Open-banking widget setup retry interval. */
export const WIDGET_RETRY_MS = 800;
export const CHAT_LOOKUP_TRIES = 20;
export const CHAT_LOOKUP_INTERVAL_MS = 50;
/** A chunk-load failure reloads the page at most once per this interval. */
export const CHUNK_RELOAD_GUARD_MS = 60000;
/** The session refresh runs this many minutes before expiry. */
export const SESSION_REFRESH_BEFORE_MINUTES = 10;
export const MOBILE_BREAKPOINT_PX = 960;
export const DROPDOWN_MAX_HEIGHT_PX = 350;

const MS_PER_MINUTE = 60000;

/** Minutes times 60 000. */
export function minutesToMs(m: number): number {
  return m * MS_PER_MINUTE;
}

export const DEFAULT_ERROR_STATUS = 500;

function asStatus(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 100 && value <= 599
    ? value
    : undefined;
}

/**
 * HTTP status of an error: its statusCode, else status, else response.status; 500 when none is
 * a valid HTTP status (100-599).
 */
export function errorStatus(error: unknown): number {
  if (typeof error !== "object" || error === null) return DEFAULT_ERROR_STATUS;
  const candidate = error as { statusCode?: unknown; status?: unknown; response?: unknown };
  const response = candidate.response;
  const responseStatus =
    typeof response === "object" && response !== null ? (response as { status?: unknown }).status : undefined;
  return (
    asStatus(candidate.statusCode) ?? asStatus(candidate.status) ?? asStatus(responseStatus) ?? DEFAULT_ERROR_STATUS
  );
}

/**
 * A chunk-loading failure reloads the page at most once per CHUNK_RELOAD_GUARD_MS: true when
 * there was no earlier reload, the last one was at least 60 s ago, or its time lies in the
 * future (a clock that moved back).
 */
export function shouldReloadOnChunkError(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null) return true;
  const elapsed = now - lastReloadAt;
  return elapsed >= CHUNK_RELOAD_GUARD_MS || elapsed < 0;
}
