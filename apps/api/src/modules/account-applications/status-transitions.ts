import { sql } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { nextStatus, type StatusMachine } from "@pinjaman/domain/statuses/machine";
import { ACCOUNT_MACHINE, APPLICATION_MACHINE, type AccountEvent, type ApplicationEvent, type LoanAccountStatus } from "@pinjaman/domain/statuses/tables";
import type { ApplicationStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { Refusal } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/status";

/** Who moves a status: the borrower, the platform itself, or a staff member (operator). */
export type Actor = { kind: "customer" | "system" | "operator"; id: string | null };
export const SYSTEM: Actor = { kind: "system", id: null };

type Subject = "account_application" | "account" | "investment";

export class IllegalTransition extends Refusal {
  constructor(readonly from: string, readonly event: string) {
    super(409, "illegal_transition", t("status.transition.illegal"));
  }
}

export const applicationNotFound = () => new Refusal(404, "account_application_not_found", t("status.transition.application_not_found"));

/** Records a status change (or a record created in a status: from null). */
export async function recordTransition(
  tx: Db,
  row: { subject: Subject; id: string; from: string | null; to: string; event: string; actor: Actor; reason: string | null },
  now?: Date,
): Promise<void> {
  await tx.insert(schema.statusTransitions).values({
    subjectType: row.subject,
    subjectId: row.id,
    fromStatus: row.from,
    toStatus: row.to,
    event: row.event,
    actorKind: row.actor.kind,
    actorId: row.actor.id,
    reason: row.reason,
    ...(now ? { createdAt: now } : {}),
  });
}

type Moved<S> = { from: S; to: S };

/**
 * Moves one row by the machine's table: reads its status, asks the table, and writes with
 * `WHERE status = <the status read>` so that of two concurrent transitions only one succeeds;
 * the other (and any step not in the table) is a 409 and changes nothing. Recorded in the
 * same transaction.
 */
async function transition<S extends string, E extends string>(
  tx: Db,
  subject: Subject,
  table: string,
  machine: StatusMachine<S, E>,
  notFound: () => Error,
  id: string,
  event: E,
  actor: Actor,
  reason: string | null,
): Promise<Moved<S>> {
  const read = (await tx.execute(sql`select status from ${sql.identifier(table)} where id = ${id}`)) as unknown as { rows: { status: S }[] };
  const from = read.rows[0]?.status;
  if (from === undefined) throw notFound();
  const to = nextStatus(machine, from, event);
  if (to === null) throw new IllegalTransition(from, event);
  const moved = (await tx.execute(
    sql`update ${sql.identifier(table)} set status = ${to} where id = ${id} and status = ${from} returning id`,
  )) as unknown as { rows: { id: string }[] };
  // Another transaction moved it between the read and the write.
  if (moved.rows.length === 0) throw new IllegalTransition(from, event);
  await recordTransition(tx, { subject, id, from, to, event, actor, reason });
  return { from, to };
}

/** Moves an account application by APPLICATION_MACHINE (packages/domain/src/statuses/tables.ts). */
export function transitionApplication(tx: Db, id: string, event: ApplicationEvent, actor: Actor, reason: string | null): Promise<Moved<ApplicationStatus>> {
  return transition(tx, "account_application", "account_applications", APPLICATION_MACHINE, applicationNotFound, id, event, actor, reason);
}

/** Moves a loan account by ACCOUNT_MACHINE. */
export function transitionAccount(tx: Db, id: string, event: AccountEvent, actor: Actor, reason: string | null): Promise<Moved<LoanAccountStatus>> {
  return transition(tx, "account", "accounts", ACCOUNT_MACHINE, () => new Refusal(404, "account_not_found", t("status.transition.account_not_found")), id, event, actor, reason);
}
