import type {
  AuditLogEntry,
  AuditLogQuery,
} from "@pinjaman/contracts/back-office-settings";
import type { Db } from "@pinjaman/db";
import { sql, type SQL } from "drizzle-orm";

export const AUDIT_PAGE_SIZE = 50;

export type StaffActionFilters = Omit<AuditLogQuery, "page" | "source"> & {
  page?: number;
  source?: AuditLogQuery["source"];
};

type Row = {
  source: "staff" | "customer";
  row_id: string;
  at: string | Date;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  permission: string | null;
  subject_type: string | null;
  subject_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  request_id: string | null;
};

/** A recorded before/after as the answer's JSON object. */
function asRecord(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

/** Dates are Jakarta business days: "from" at 00:00 WIB, "until" through 23:59:59 WIB. */
const dayStart = (day: string) =>
  sql`(${day}::date::timestamp at time zone 'Asia/Jakarta')`;
const dayEnd = (day: string) =>
  sql`((${day}::date + 1)::timestamp at time zone 'Asia/Jakarta')`;

function where(parts: SQL[]): SQL {
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * The audit log with search (issue 10 §1): the staff actions (staff_actions, recordStaffAction)
 * and the customers' own audit events (audit_events: sign-ins, codes, resets, signatures) in one
 * list, newest first, AUDIT_PAGE_SIZE a page.
 *
 * - staff_id: that staff member's actions, and their own sign-in events;
 * - customer_id: staff actions on that customer (subject), and the customer's own events;
 * - action: part of the action or event type; subject_id: the subject's id exactly;
 * - from / until: Jakarta calendar days, inclusive.
 */
export async function listStaffActions(
  db: Db,
  filters: StaffActionFilters,
): Promise<{ entries: AuditLogEntry[]; hasMore: boolean }> {
  const page = filters.page ?? 1;
  const source = filters.source ?? "all";
  const staff: SQL[] = [];
  const customer: SQL[] = [];
  if (filters.staff_id) {
    staff.push(sql`s.staff_id = ${filters.staff_id}::uuid`);
    customer.push(sql`e.customer_id = ${filters.staff_id}::uuid`);
  }
  if (filters.customer_id) {
    staff.push(
      sql`s.subject_type = 'customer' and s.subject_id = ${filters.customer_id}`,
    );
    customer.push(sql`e.customer_id = ${filters.customer_id}::uuid`);
  }
  if (filters.action) {
    const like = `%${filters.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    staff.push(sql`s.action ilike ${like}`);
    customer.push(sql`e.type ilike ${like}`);
  }
  if (filters.subject_id) {
    staff.push(sql`s.subject_id = ${filters.subject_id}`);
    customer.push(sql`e.customer_id::text = ${filters.subject_id}`);
  }
  if (filters.from) {
    staff.push(sql`s.created_at >= ${dayStart(filters.from)}`);
    customer.push(sql`e.created_at >= ${dayStart(filters.from)}`);
  }
  if (filters.until) {
    staff.push(sql`s.created_at < ${dayEnd(filters.until)}`);
    customer.push(sql`e.created_at < ${dayEnd(filters.until)}`);
  }

  const parts: SQL[] = [];
  if (source !== "customer") {
    parts.push(sql`
      select 'staff' as source, s.id::text as row_id, s.created_at as at, s.staff_id::text as actor_id, c.name as actor_name,
        s.action, s.permission, s.subject_type, s.subject_id, s.before, s.after, s.reason, s.ip, s.request_id
      from staff_actions s left join customers c on c.id = s.staff_id
      where ${where(staff)}`);
  }
  if (source !== "staff") {
    parts.push(sql`
      select 'customer' as source, e.id::text as row_id, e.created_at as at, e.customer_id::text as actor_id, c.name as actor_name,
        e.type as action, null::text as permission, case when e.customer_id is null then null else 'customer' end as subject_type,
        e.customer_id::text as subject_id, null::jsonb as before, e.details as after, null::text as reason, e.ip, e.request_id
      from audit_events e left join customers c on c.id = e.customer_id
      where ${where(customer)}`);
  }
  const result = (await db.execute(sql`
    select * from (${sql.join(parts, sql` union all `)}) x
    order by at desc, source, row_id desc
    limit ${AUDIT_PAGE_SIZE + 1} offset ${(page - 1) * AUDIT_PAGE_SIZE}`)) as unknown as {
    rows: Row[];
  };
  const rows = result.rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    hasMore: result.rows.length > AUDIT_PAGE_SIZE,
    entries: rows.map((r) => ({
      id: `${r.source}:${r.row_id}`,
      source: r.source,
      at: new Date(r.at).toISOString(),
      actor_id: r.actor_id,
      actor_name: r.actor_name,
      action: r.action,
      permission: r.permission,
      subject_type: r.subject_type,
      subject_id: r.subject_id,
      before: asRecord(r.before),
      after: asRecord(r.after),
      reason: r.reason,
      ip: r.ip,
      request_id: r.request_id,
    })),
  };
}
