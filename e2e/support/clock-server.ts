/**
 * The second server of the browser tests (playwright.config.ts): tests that move the sandbox's
 * business clock far run against it, so no other test sees the move.
 */
export const CLOCK_SERVER_URL = process.env.E2E_CLOCK_BASE_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
