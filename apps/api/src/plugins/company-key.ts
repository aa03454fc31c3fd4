import type { Db } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { FastifyReply, FastifyRequest } from "fastify";
import { findCallingKey, type CallingKey } from "../modules/company/api-keys.ts";
import type { AccessRule } from "./access.ts";
import { sendError } from "./errors.ts";
import "@pinjaman/i18n/ns/api";

/** The header a partner sends its company API key in (OpenAPI scheme `companyKey`). */
export const API_KEY_HEADER = "x-api-key";
/** Longer than any key we issue: refused without a lookup. */
const MAX_KEY_LENGTH = 256;

declare module "fastify" {
  interface FastifyRequest {
    /** The company API key that authorised a company-service call. */
    apiKey?: CallingKey;
  }
}

function presentedKey(request: FastifyRequest, queryKey: boolean): string | null {
  const header = request.headers[API_KEY_HEADER];
  if (typeof header === "string" && header.length > 0) return header;
  if (!queryKey) return null;
  const query = request.query as Record<string, unknown> | null;
  return typeof query?.key === "string" && query.key.length > 0 ? query.key : null;
}

/**
 * A company service's guard (auth plugin, before the body is read): 401 without an unrevoked
 * key, 403 when the key lacks the route's scope. A key in the query string counts only on routes
 * whose rule allows it (tkb.php); it is never logged (log-safety.ts keeps query names only).
 */
export async function authoriseCompanyKey(db: Db, request: FastifyRequest, reply: FastifyReply, rule: Extract<AccessRule, { kind: "company" }>) {
  const key = presentedKey(request, rule.queryKey === true);
  const calling = key && key.length <= MAX_KEY_LENGTH ? await findCallingKey(db, key) : null;
  if (!calling) return sendError(reply, 401, "unauthorized", t("api.unauthorized"));
  if (!calling.scopes.includes(rule.scope)) return sendError(reply, 403, "forbidden_scope", t("api.forbidden_scope"));
  request.apiKey = calling;
}
