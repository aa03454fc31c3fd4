import { and, desc, eq } from "drizzle-orm";
import type { FlowProgressView } from "@pinjaman/contracts/flows";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { Actor, FlowEngine, ProgressRow } from "./flow-engine.ts";
import { loginRequired } from "./flow-errors.ts";
import { loadProgress } from "./progress-load.ts";
import { progressView } from "./progress-view.ts";

/** GET flow_progresses: the caller's progresses, newest first. */
export async function listProgresses(engine: FlowEngine, actor: Actor, query: { flow_key?: string; status?: ProgressRow["status"] }) {
  if (!actor.caller) throw loginRequired();
  const conditions = [eq(schema.flowProgresses.customerId, actor.caller.customerId)];
  if (query.flow_key) conditions.push(eq(schema.flowProgresses.flowKey, query.flow_key));
  if (query.status) conditions.push(eq(schema.flowProgresses.status, query.status));
  const rows = await engine.db.select().from(schema.flowProgresses).where(and(...conditions)).orderBy(desc(schema.flowProgresses.updatedAt)).limit(100);
  return rows.map((row) => ({
    id: row.id,
    flow_version_id: row.flowVersionId,
    flow: { key: row.flowKey, name: t(engine.catalogue.currentVersion(row.flowKey)?.definition.name ?? row.flowKey) },
    status: row.status,
    current_step: row.currentStep,
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  }));
}

/** GET flow_progresses/{id}/edit */
export async function editProgress(engine: FlowEngine, actor: Actor, id: string): Promise<FlowProgressView> {
  const { row, version } = await loadProgress(engine, actor, id);
  return progressView(engine, version, row, {}, actor.now);
}
