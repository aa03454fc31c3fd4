import type { Db } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { FastifyReply, FastifyRequest } from "fastify";
import { findPartnerKey, type CallingPartner } from "../modules/partners/partner-keys.ts";
import { API_KEY_HEADER } from "./company-key.ts";
import { sendError } from "./errors.ts";
import "@pinjaman/i18n/ns/api";

const MAX_KEY_LENGTH = 256;

declare module "fastify" {
  interface FastifyRequest {
    /** The partner whose key authorised a partner API call. */
    partner?: CallingPartner;
  }
}

/**
 * The partner API's guard (auth plugin, before the body is read): 401 without an unrevoked partner
 * key in X-Api-Key. Which leads and purchases the partner may touch is the route's query (404).
 * A company key (api_keys) is not a partner key: it opens no partner route.
 */
export async function authorisePartnerKey(db: Db, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers[API_KEY_HEADER];
  const key = typeof header === "string" && header.length > 0 && header.length <= MAX_KEY_LENGTH ? header : null;
  const partner = key ? await findPartnerKey(db, key) : null;
  if (!partner) return sendError(reply, 401, "unauthorized", t("api.unauthorized"));
  request.partner = partner;
}
