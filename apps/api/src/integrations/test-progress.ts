import { schema } from "@pinjaman/db";
import { afterAll, beforeAll } from "vitest";
import { testApp, type TestApp } from "../../test/harness.ts";

/** A flow progress row (with its flow and version) to attach recordings and connections to. */
export async function insertFlowProgress(
  db: TestApp["database"]["db"],
  {
    status = "in_progress",
    expiresAt = new Date(Date.now() + 3_600_000),
    customerId = null,
  }: { status?: "in_progress" | "completed"; expiresAt?: Date; customerId?: string | null } = {},
): Promise<string> {
  const key = `it_${Math.random().toString(36).slice(2, 10)}`;
  await db.insert(schema.flows).values({ key, name: "Integrations test", audience: "public" });
  const [version] = await db
    .insert(schema.flowVersions)
    .values({ flowKey: key, number: 1, digest: key, definition: {} })
    .returning({ id: schema.flowVersions.id });
  const [progress] = await db
    .insert(schema.flowProgresses)
    .values({ flowVersionId: version!.id, flowKey: key, customerId, currentStep: "voice", status, expiresAt })
    .returning({ id: schema.flowProgresses.id });
  return progress!.id;
}

/**
 * One test app per file with one open flow progress, for the public integrations (voice,
 * open banking) that are keyed by a progress id. Read the fields inside tests: they are set in
 * beforeAll.
 */
export function appWithProgress(): { ctx: TestApp; progressId: string } {
  const state = {} as { ctx: TestApp; progressId: string };
  beforeAll(async () => {
    state.ctx = await testApp();
    state.progressId = await insertFlowProgress(state.ctx.database.db);
  });
  afterAll(async () => state.ctx.close());
  return state;
}
