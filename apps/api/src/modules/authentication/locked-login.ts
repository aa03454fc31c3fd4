import { recordAudit } from "../audit/audit-service.ts";
import { activeBlock } from "../customers/customer-blocks.ts";
import type { IssuedSession } from "../sessions/session-service.ts";
import { hashToken } from "../sessions/tokens.ts";
import { enterLoginCode, latestPendingLogin, sendLoginCode, type AuthContext } from "./login-code.ts";
import { resendWait } from "./one-time-code.ts";

/**
 * A login on an e-mail past its failure limit, from a browser that is not a trusted known device
 * (decision 0006). Password guessing stays throttled, yet the owner keeps a way in:
 * - without a code, the right password e-mails a login code (at most one a minute);
 * - the right password sent again with that code gets the session and clears the failures.
 * Every other attempt (wrong password, unknown e-mail, wrong or used-up code, blocked customer) is
 * answered exactly like these, with the same cookies and nothing sent, so the lock never tells a
 * right password from a wrong one. Only a right password reaches the code, so guesses never use
 * up its attempts. Forgetting the failures after a success is the caller's.
 */
export async function lockedLogin(
  ctx: AuthContext,
  input: {
    /** The customer, only when the password was right. */
    customer: { id: string; name: string; email: string } | null;
    /** What the audit records of a wrong password (reason null when it was right). */
    failure: { customerId: string | null; reason: string | null };
    code: string | undefined;
    deviceKey: () => string;
    previousSessionId: string | null;
  },
  now: Date,
): Promise<{ kind: "locked"; codeGiven: boolean } | { kind: "authenticated"; authenticationId: string; session: IssuedSession }> {
  const { db, origin } = ctx;
  const locked = { kind: "locked", codeGiven: input.code !== undefined } as const;
  // Every caller gets the device cookie, the right password or not.
  const deviceKeyHash = hashToken(input.deviceKey());
  const { customer } = input;
  const blocked = customer ? await activeBlock(db, customer.id) : false;
  if (!customer || blocked) {
    await recordAudit(db, origin, "login_failed", input.failure.customerId, { reason: blocked ? "blocked" : input.failure.reason, locked: true });
    return locked;
  }

  const pending = await latestPendingLogin(db, customer.id, now);
  if (input.code === undefined) {
    if (!pending || resendWait(pending.codeSentAt, now) === 0) await sendLoginCode(ctx, customer, deviceKeyHash, "locked", now);
    return locked;
  }
  if (!pending) return locked;
  const entered = await enterLoginCode(ctx, { id: pending.id, code: input.code, previousSessionId: input.previousSessionId }, now);
  if (entered.kind !== "authenticated") return locked;
  return { kind: "authenticated", authenticationId: pending.id, session: entered.session };
}
