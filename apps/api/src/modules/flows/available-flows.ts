import { and, eq, sql } from "drizzle-orm";
import type { FlowSummary } from "@pinjaman/contracts/flows";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { FlowDefinition } from "../../flows/definition.ts";
import type { FlowVersion } from "../../flows/flow-catalogue.ts";
import { hasStaffPermission } from "../staff/staff-roles.ts";
import type { Actor, FlowEngine, Scope } from "./flow-engine.ts";
import { FlowError, flowNotFound, loginRequired } from "./flow-errors.ts";
import { productFor } from "./progress-product.ts";
import { summaryOf } from "./progress-view.ts";
import { refinancingStart } from "./refinancing.ts";

/** GET flows: what this visitor may start (public flows; customer flows once logged in). */
export function listFlows(engine: FlowEngine, actor: Actor): FlowSummary[] {
  return engine.catalogue
    .flows()
    .filter((d) => d.audience === "public" || (d.audience === "customer" && actor.caller))
    .filter((d) => !d.startsFrom && !d.staffPermission && !d.unlisted)
    .map(summaryOf);
}

/** GET accounts/{id}/flows: the flows that work on a loan account of the caller. */
export async function listAccountFlows(engine: FlowEngine, actor: Actor, accountId: string): Promise<FlowSummary[]> {
  if (!actor.caller) throw loginRequired();
  const type = await ownAccount(engine.db, actor, accountId);
  const flows = engine.catalogue.flows().filter((d) => d.audience === "account" && (d.accountType ?? "loan") === type);
  const listed: FlowDefinition[] = [];
  for (const definition of flows) {
    // A flow offered by rule (refinancing) is listed only on an account it is offered on.
    if (definition.offer && !(await offeredOn(engine, actor, definition, accountId))) continue;
    listed.push(definition);
  }
  return listed.map(summaryOf);
}

async function offeredOn(engine: FlowEngine, actor: Actor, definition: FlowDefinition, accountId: string): Promise<boolean> {
  const customerId = actor.caller?.customerId ?? null;
  const now = actor.now ?? new Date();
  try {
    const values = definition.prefill === "refinancing" && customerId ? await refinancingStart(engine.db, customerId, accountId) : {};
    await productFor(engine, definition, values, { customerId, accountId }, now);
    return true;
  } catch (error) {
    if (error instanceof FlowError && error.status === 409) return false;
    throw error;
  }
}

/** The flow a caller may start here: public ones by anyone, customer ones logged in, scoped ones on their own account. */
export async function startableFlow(engine: FlowEngine, actor: Actor, flowKey: string, scope: Scope): Promise<FlowVersion> {
  const version = engine.catalogue.currentVersion(flowKey);
  if (!version) throw flowNotFound();
  const { audience } = version.definition;
  const wanted = scope.accountApplicationId ? "account_application" : scope.accountId ? "account" : null;
  if (wanted ? audience !== wanted : audience === "account" || audience === "account_application") throw flowNotFound();
  if (scope.publicOnly && audience !== "public") throw flowNotFound();
  // A lead's subflow starts from its lead only (partners module); a staff flow for its permission only.
  if (version.definition.startsFrom) throw flowNotFound();
  if (audience !== "public" && !actor.caller) throw loginRequired();
  const permission = version.definition.staffPermission;
  if (permission && !(actor.caller && (await hasStaffPermission(engine.db, actor.caller, permission)))) throw flowNotFound();
  if (scope.accountId && (await ownAccount(engine.db, actor, scope.accountId)) !== (version.definition.accountType ?? "loan")) throw flowNotFound();
  if (scope.accountApplicationId) {
    const status = await ownApplication(engine.db, actor, scope.accountApplicationId);
    const rule = version.definition.applicationStatuses;
    if (rule && !rule.allowed.includes(status)) throw new FlowError(409, rule.code, rule.refusal);
  }
  return version;
}

/** The caller's account's type (a loan account has loan flows, an investment account its own); 404 for anyone else's. */
async function ownAccount(db: Db, actor: Actor, accountId: string): Promise<string> {
  const [row] = await db
    .select({ typeKey: schema.accounts.typeKey })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.customerId, actor.caller?.customerId ?? sql`null`)))
    .limit(1);
  if (!row) throw new FlowError(404, "account_not_found", "flows.error.account_not_found");
  return row.typeKey;
}

/** The caller's application's status; 404 for anyone else's. */
async function ownApplication(db: Db, actor: Actor, applicationId: string): Promise<string> {
  const [row] = await db
    .select({ status: schema.accountApplications.status })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(and(eq(schema.accountApplications.id, applicationId), eq(schema.accounts.customerId, actor.caller?.customerId ?? sql`null`)))
    .limit(1);
  if (!row) throw new FlowError(404, "account_application_not_found", "flows.error.account_application_not_found");
  return row.status;
}
