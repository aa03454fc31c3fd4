import { schema, type Db } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { progressReachableBy } from "../../modules/flows/progress-access.ts";

const { flowProgresses } = schema;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The integrations only serve a progress that exists, is still in progress and is reachable by
 * the caller under the flow engine's rule: a signed-in customer's progress only by them, a
 * public one without a customer by whoever holds its id (then the id is the credential).
 */
export async function openFlowProgress(db: Db, id: string, customerId: string | null): Promise<{ id: string; customerId: string | null } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ id: flowProgresses.id, customerId: flowProgresses.customerId, status: flowProgresses.status, expiresAt: flowProgresses.expiresAt })
    .from(flowProgresses)
    .where(eq(flowProgresses.id, id))
    .limit(1);
  if (!row || !progressReachableBy(row, customerId) || row.status !== "in_progress" || row.expiresAt.getTime() <= Date.now()) return null;
  return { id: row.id, customerId: row.customerId };
}
