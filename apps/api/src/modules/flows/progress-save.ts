import { createHash } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { FlowProgressView, FlowValues } from "@pinjaman/contracts/flows";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { acceptedValues } from "./accepted-values.ts";
import type { Actor, FlowEngine } from "./flow-engine.ts";
import { progressClosed } from "./flow-errors.ts";
import { lifetimeEnd } from "./progress-lifetime.ts";
import { loadProgress, requireOpen } from "./progress-load.ts";
import { stepOf } from "./progress-steps.ts";
import { progressView } from "./progress-view.ts";

/**
 * PATCH flow_progresses/{id}: keeps what was typed (shape-checked only) so it survives a closed
 * phone. The common case is one UPDATE whose conditions are the whole check: open, unexpired, the
 * caller's (or nobody's yet), and on a step that stores exactly these keys. Anything else takes
 * the full path, which answers the precise refusal (404, 410, 409, 400).
 */
export async function saveProgress(engine: FlowEngine, actor: Actor, id: string, values: FlowValues): Promise<FlowProgressView> {
  const now = actor.now ?? new Date();
  const targets = engine.catalogue.stepsStoring(Object.keys(values));
  if (targets.length > 0) {
    const [saved] = await preparedSave(engine.db, targets, actor.caller !== null).execute({
      id,
      values: JSON.stringify(values),
      now: now.toISOString(),
      expiresAt: lifetimeEnd(now).toISOString(),
      caller: actor.caller?.customerId ?? null,
    });
    const version = saved ? await engine.catalogue.version(engine.db, saved.flowVersionId) : undefined;
    if (saved && version) return progressView(engine, version, saved, {}, now);
  }
  const { row, version } = await loadProgress(engine, actor, id);
  requireOpen(row);
  const { stored } = acceptedValues(stepOf(version.definition, row.currentStep), values);
  const [updated] = await engine.db
    .update(schema.flowProgresses)
    .set(saveChanges(stored, now))
    .where(and(eq(schema.flowProgresses.id, id), eq(schema.flowProgresses.status, "in_progress"), eq(schema.flowProgresses.currentStep, row.currentStep)))
    .returning();
  if (!updated) throw progressClosed();
  return progressView(engine, version, updated, {}, now);
}

/**
 * The save's one statement, prepared once per (database, where it may land, with or without a
 * caller): building a query is most of an ORM's cost on a call this small.
 */
const saves = new WeakMap<Db, Map<string, ReturnType<typeof buildSave>>>();

function buildSave(db: Db, targets: [string, string][], withCaller: boolean, name: string) {
  const t = schema.flowProgresses;
  return db
    .update(t)
    .set({
      values: sql`${t.values} || ${sql.placeholder("values")}::jsonb`,
      revision: sql`${t.revision} + 1`,
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
      expiresAt: sql`${sql.placeholder("expiresAt")}::timestamptz`,
    })
    .where(
      and(
        sql`${t.id} = ${sql.placeholder("id")}::uuid`,
        eq(t.status, "in_progress"),
        sql`${t.expiresAt} > ${sql.placeholder("now")}::timestamptz`,
        withCaller ? or(isNull(t.customerId), sql`${t.customerId} = ${sql.placeholder("caller")}::uuid`) : isNull(t.customerId),
        sql`(${t.flowVersionId}, ${t.currentStep}) in (${sql.join(
          // Version ids and step keys come from the catalogue, never from a request: literal in the statement.
          targets.map(([versionId, step]) => sql`(${sql.raw(`'${versionId}'`)}::uuid, ${sql.raw(`'${step}'`)})`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: t.id, flowVersionId: t.flowVersionId, status: t.status, currentStep: t.currentStep, values: t.values, expiresAt: t.expiresAt, customerId: t.customerId, accountId: t.accountId })
    .prepare(name);
}

function preparedSave(db: Db, targets: [string, string][], withCaller: boolean) {
  const key = `${withCaller ? "c" : "a"}:${targets.map((pair) => pair.join("/")).join(",")}`;
  let byKey = saves.get(db);
  if (!byKey) saves.set(db, (byKey = new Map()));
  let prepared = byKey.get(key);
  if (!prepared) {
    // Keys come from requests: keep the set bounded (a name is unique per statement text).
    if (byKey.size > 500) byKey.clear();
    prepared = buildSave(db, targets, withCaller, `flow_save_${createHash("sha1").update(key).digest("hex").slice(0, 16)}`);
    byKey.set(key, prepared);
  }
  return prepared;
}

function saveChanges(stored: FlowValues, now: Date) {
  return {
    values: sql`${schema.flowProgresses.values} || ${JSON.stringify(stored)}::jsonb`,
    revision: sql`${schema.flowProgresses.revision} + 1`,
    updatedAt: now,
    expiresAt: lifetimeEnd(now),
  };
}
