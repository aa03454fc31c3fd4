import type { FastifyReply } from "fastify";
import { t } from "@pinjaman/i18n";
import { sendError } from "../../plugins/errors.ts";
import { waitText } from "../throttle/throttle-service.ts";
import { MAX_CODE_ATTEMPTS, type CodeRefusal } from "./one-time-code.ts";
import "@pinjaman/i18n/ns/authy";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else is simply not found (and never reaches a uuid cast). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** 429 with Retry-After and a message saying, in words, when to try again. */
export function sendTooMany(reply: FastifyReply, code: string, messageKey: string, retryAfterSeconds: number) {
  reply.header("retry-after", String(retryAfterSeconds));
  return sendError(reply, 429, code, t(messageKey, { wait: waitText(retryAfterSeconds) }));
}

/** 422 for a wrong code: the message names the attempts left, also under the `code` field. */
export function sendWrongCode(reply: FastifyReply, attemptsLeft: number) {
  const message = t("authy.code.wrong", { left: attemptsLeft });
  return sendError(reply, 422, "wrong_code", message, { code: [message] });
}

export function sendCodeExpired(reply: FastifyReply) {
  const message = t("authy.code.expired");
  return sendError(reply, 410, "code_expired", message, { code: [message] });
}

/** How a code challenge that is no longer open reads: `completed` (login) or `closed` (signature). */
export type ClosedKind = "not_found" | "completed" | "closed" | "failed" | "expired";

const CLOSED_STATUS: Record<ClosedKind, number> = { not_found: 404, completed: 409, closed: 409, failed: 410, expired: 410 };

/** 404/409/410 for a challenge no longer open: code `<challenge>_<kind>`, message `authy.<challenge>.<kind>`. */
export function sendClosedChallenge(reply: FastifyReply, challenge: "authentication" | "signature", state: { kind: ClosedKind }) {
  const vars = state.kind === "failed" ? { max: MAX_CODE_ATTEMPTS } : undefined;
  return sendError(reply, CLOSED_STATUS[state.kind], `${challenge}_${state.kind}`, t(`authy.${challenge}.${state.kind}`, vars));
}

/** The reply to a code entry that did not complete its challenge. */
export function sendCodeRefusal(reply: FastifyReply, challenge: "authentication" | "signature", result: CodeRefusal | { kind: ClosedKind }) {
  switch (result.kind) {
    case "throttled":
      return sendTooMany(reply, "too_many_attempts", "authy.code.throttled", result.retryAfterSeconds);
    case "code_expired":
      return sendCodeExpired(reply);
    case "wrong":
      return sendWrongCode(reply, result.attemptsLeft);
    case "exhausted":
      return sendClosedChallenge(reply, challenge, { kind: "failed" });
    default:
      return sendClosedChallenge(reply, challenge, result);
  }
}
