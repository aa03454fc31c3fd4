import { schema, type Db } from "@pinjaman/db";
import type { StaffActionCode } from "@pinjaman/domain/audit-actions";
import type { StaffPermission } from "@pinjaman/domain/staff";
import type { FastifyRequest } from "fastify";
import { callerOf } from "../identity/caller.ts";

export type StaffAction = {
  permission: StaffPermission;
  /** What was done, e.g. "application.approve" or "customer.view". */
  action: StaffActionCode;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

/** The staff member acting in this request (a route with a staff rule always has one). */
export function staffIdOf(request: FastifyRequest): string {
  return callerOf(request).customerId;
}

/**
 * Records one staff action (decision 0026) in the caller's transaction, so the record and the
 * change commit or roll back together. Also for staff reads of a customer's personal data.
 */
export async function recordStaffAction(tx: Db, request: FastifyRequest, action: StaffAction): Promise<void> {
  await tx.insert(schema.staffActions).values({
    staffId: staffIdOf(request),
    permission: action.permission,
    action: action.action,
    subjectType: action.subjectType,
    subjectId: action.subjectId,
    before: action.before ?? null,
    after: action.after ?? null,
    reason: action.reason ?? null,
    ip: request.ip,
    requestId: String(request.id),
  });
}
