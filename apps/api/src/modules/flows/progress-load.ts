import { eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { FlowVersion } from "../../flows/flow-catalogue.ts";
import type { Actor, FlowEngine, ProgressRow } from "./flow-engine.ts";
import { progressClosed, progressExpired, progressNotFound } from "./flow-errors.ts";
import { progressReachableBy } from "./progress-access.ts";

/**
 * A progress as its holder may see it: its customer's, or — while no customer is attached yet —
 * whoever holds the id of a public flow. Anyone else: 404. An open progress past its lifetime
 * turns expired here.
 */
export async function loadProgress(engine: FlowEngine, actor: Actor, id: string, db: Db = engine.db, lock = false): Promise<{ row: ProgressRow; version: FlowVersion }> {
  const query = db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, id));
  const [row] = lock ? await query.for("update") : await query.limit(1);
  if (!row) throw progressNotFound();
  if (!progressReachableBy(row, actor.caller?.customerId)) throw progressNotFound();
  const version = await engine.catalogue.version(engine.db, row.flowVersionId);
  if (!version) throw progressNotFound();
  const now = actor.now ?? new Date();
  if (row.status === "in_progress" && row.expiresAt.getTime() <= now.getTime()) {
    await db.update(schema.flowProgresses).set({ status: "expired" }).where(eq(schema.flowProgresses.id, id));
    throw progressExpired();
  }
  if (row.status === "expired") throw progressExpired();
  return { row, version };
}

/** Only an open progress may change: anything else answers 409. */
export function requireOpen(row: ProgressRow): void {
  if (row.status !== "in_progress") throw progressClosed();
}
