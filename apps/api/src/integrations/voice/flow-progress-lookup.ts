import { schema, type Db } from "@pinjaman/db";
import { eq } from "drizzle-orm";

const { flowProgresses } = schema;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The integrations only serve a progress that exists and is still in progress: its id is what
 * the (possibly anonymous) holder of a public flow has, so it is the credential here.
 */
export async function openFlowProgress(db: Db, id: string): Promise<{ id: string; customerId: string | null } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ id: flowProgresses.id, customerId: flowProgresses.customerId, status: flowProgresses.status, expiresAt: flowProgresses.expiresAt })
    .from(flowProgresses)
    .where(eq(flowProgresses.id, id))
    .limit(1);
  if (!row || row.status !== "in_progress" || row.expiresAt.getTime() <= Date.now()) return null;
  return { id: row.id, customerId: row.customerId };
}
