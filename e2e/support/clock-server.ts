/**
 * The other servers of the browser tests (playwright.config.ts), each with its own database:
 * tests that move the sandbox's business clock far run against one of them, so no other test sees
 * the move. The lender's journey moves it on the clock server; the operator's journeys (the back
 * office's queues: an approval funded and paid out, a parked payment matched to Budi's loan) on
 * the operator server.
 */
const base = Number(process.env.E2E_PORT ?? 3210);
export const CLOCK_SERVER_URL = process.env.E2E_CLOCK_BASE_URL ?? `http://127.0.0.1:${base + 1}`;
export const OPERATOR_SERVER_URL = process.env.E2E_OPERATOR_BASE_URL ?? `http://127.0.0.1:${base + 2}`;
