import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { CustomerAuditType } from "@pinjaman/domain/audit-actions";
import type { FastifyRequest } from "fastify";

/** Where a request came from, as the audit log keeps it. */
export type RequestOrigin = { ip: string; userAgent: string; requestId: string };

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const ua = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof ua === "string" ? ua.slice(0, 500) : "", requestId: String(request.id) };
}

/**
 * One line of the account's audit log: what happened, to whom, from where. Details never hold a
 * password, code, token or an e-mail that may not belong to any customer.
 */
export async function recordAudit(
  db: Db,
  origin: RequestOrigin,
  type: CustomerAuditType,
  customerId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(schema.auditEvents).values({ type, customerId, ip: origin.ip, userAgent: origin.userAgent, requestId: origin.requestId, details });
}
