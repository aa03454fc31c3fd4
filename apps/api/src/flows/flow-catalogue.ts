import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { isTransientField, VALUELESS_TEMPLATE_KEYS } from "@pinjaman/contracts/flows";
import type { FlowDefinition, StepDefinition } from "./definition.ts";
import { FLOW_DEFINITIONS } from "./flow-definitions.ts";

/**
 * The flows in the database and in memory. At start every definition in the repo is stored: an
 * unchanged one (same digest) keeps its version, a changed one becomes the next version and the
 * flow's current one. Versions are immutable, so a progress keeps the steps it started with even
 * after a deploy changes the flow.
 */
export type FlowVersion = { id: string; number: number; definition: FlowDefinition };

export class FlowCatalogue {
  private readonly versions = new Map<string, FlowVersion>();
  private readonly current = new Map<string, FlowVersion>();

  /** The version a flow starts on today. */
  currentVersion(flowKey: string): FlowVersion | undefined {
    return this.current.get(flowKey);
  }

  /** Any version by id, loading an older one from the database when it is not in memory. */
  async version(db: Db, id: string): Promise<FlowVersion | undefined> {
    const known = this.versions.get(id);
    if (known) return known;
    const [row] = await db.select().from(schema.flowVersions).where(eq(schema.flowVersions.id, id)).limit(1);
    if (!row) return undefined;
    const version = { id: row.id, number: row.number, definition: row.definition as FlowDefinition };
    this.remember(version, false);
    return version;
  }

  private readonly accepting = new Map<string, [string, string][]>();

  /**
   * The (version id, step key) pairs whose step stores every one of `keys` (typed, writable, kept):
   * where a save of exactly these values may land, so it can be one UPDATE. Known versions only.
   */
  stepsStoring(keys: readonly string[]): [string, string][] {
    const cacheKey = [...keys].sort().join(",");
    const known = this.accepting.get(cacheKey);
    if (known) return known;
    const pairs: [string, string][] = [];
    for (const version of this.versions.values()) {
      for (const step of version.definition.steps) {
        const stores = (key: string) =>
          step.fields.some((f) => f.key === key && !f.readOnly && !VALUELESS_TEMPLATE_KEYS.includes(f.templateKey) && !isTransientField(f));
        if (keys.length > 0 && keys.every(stores)) pairs.push([version.id, step.key]);
      }
    }
    // Keys come from requests: keep the cache bounded.
    if (this.accepting.size > 1000) this.accepting.clear();
    this.accepting.set(cacheKey, pairs);
    return pairs;
  }

  flows(): FlowDefinition[] {
    return [...this.current.values()].map((v) => v.definition);
  }

  remember(version: FlowVersion, isCurrent: boolean): void {
    this.versions.set(version.id, version);
    this.accepting.clear();
    if (isCurrent) this.current.set(version.definition.key, version);
  }
}

export function definitionDigest(definition: FlowDefinition): string {
  return createHash("sha256").update(JSON.stringify(definition)).digest("hex");
}

export function findStep(definition: FlowDefinition, key: string): StepDefinition | undefined {
  return definition.steps.find((s) => s.key === key);
}

/** Stores the repo's definitions (idempotent; safe when two processes start at once) and returns the catalogue. */
export async function loadFlowCatalogue(db: Db, definitions: readonly FlowDefinition[] = FLOW_DEFINITIONS): Promise<FlowCatalogue> {
  const catalogue = new FlowCatalogue();
  for (const definition of definitions) {
    const digest = definitionDigest(definition);
    const version = await db.transaction(async (tx) => {
      await tx
        .insert(schema.flows)
        .values({ key: definition.key, name: definition.name, audience: definition.audience, productKey: definition.productKey ?? null })
        .onConflictDoUpdate({
          target: schema.flows.key,
          set: { name: definition.name, audience: definition.audience, productKey: definition.productKey ?? null },
        });
      // Serialises concurrent starts on this flow's row.
      const [flow] = await tx.select().from(schema.flows).where(eq(schema.flows.key, definition.key)).for("update");
      const [existing] = await tx
        .select({ id: schema.flowVersions.id, number: schema.flowVersions.number })
        .from(schema.flowVersions)
        .where(and(eq(schema.flowVersions.flowKey, definition.key), eq(schema.flowVersions.digest, digest)))
        .limit(1);
      let stored = existing;
      if (!stored) {
        const numbers = await tx.select({ number: schema.flowVersions.number }).from(schema.flowVersions).where(eq(schema.flowVersions.flowKey, definition.key));
        const number = numbers.reduce((max, r) => Math.max(max, r.number), 0) + 1;
        [stored] = await tx
          .insert(schema.flowVersions)
          .values({ flowKey: definition.key, number, digest, definition })
          .returning({ id: schema.flowVersions.id, number: schema.flowVersions.number });
      }
      if (!stored) throw new Error(`flow version of ${definition.key} not stored`);
      if (flow?.currentVersionId !== stored.id) {
        await tx.update(schema.flows).set({ currentVersionId: stored.id }).where(eq(schema.flows.key, definition.key));
      }
      return stored;
    });
    catalogue.remember({ id: version.id, number: version.number, definition }, true);
  }
  return catalogue;
}
