import { and, eq } from "drizzle-orm";
import type { FlowProgressNew, FlowProgressView, FlowValues } from "@pinjaman/contracts/flows";
import { schema } from "@pinjaman/db";
import type { FlowDefinition } from "../../flows/definition.ts";
import { automaticInsurance } from "../insurance/insurance-settings.ts";
import { acceptedValues } from "./accepted-values.ts";
import { startableFlow } from "./available-flows.ts";
import { noFlowPrefill } from "./borrower-offers.ts";
import { businessToday, type Actor, type FlowEngine, type Scope } from "./flow-engine.ts";
import { FlowError } from "./flow-errors.ts";
import { assertNotLender } from "./lender-registration.ts";
import { assertNewLoanAllowed, prefillValues } from "./new-loan.ts";
import { lifetimeEnd } from "./progress-lifetime.ts";
import { productFor } from "./progress-product.ts";
import { firstStep } from "./progress-steps.ts";
import { progressView, stepContext, summaryOf } from "./progress-view.ts";
import { refinancingStart } from "./refinancing.ts";
import { renderStep } from "./step-view.ts";

/** GET …/flow_progresses/new and …/preview: step one as it would start, nothing stored. */
export async function newProgress(engine: FlowEngine, actor: Actor, flowKey: string, scope: Scope = {}): Promise<FlowProgressNew> {
  const version = await startableFlow(engine, actor, flowKey, scope);
  const definition = version.definition;
  const first = firstStep(definition, actor);
  const now = actor.now ?? new Date();
  const values = await startingValues(engine, definition, actor, now, scope);
  const ctx = await stepContext(engine, definition, first, values, now, { customerId: actor.caller?.customerId ?? null, accountId: scope.accountId ?? null });
  return { flow_version_id: version.id, flow: summaryOf(definition), steps_count: definition.steps.length, step: renderStep(definition, first, values, {}, ctx) };
}

/** What a progress starts with: the server's prefill for a signed-in customer (decision 0018), never the client's. */
async function startingValues(engine: FlowEngine, definition: FlowDefinition, actor: Actor, now: Date, scope: Scope): Promise<FlowValues> {
  if (definition.prefill === "insurance_setting" && scope.accountId) return { automatic_insurance_investor: await automaticInsurance(engine.db, scope.accountId) };
  const customerId = actor.caller?.customerId ?? null;
  if (definition.prefill === "no_flow_reason" && customerId) return noFlowPrefill(engine.db, engine.catalogue, customerId, now, await businessToday(engine, now));
  if (definition.prefill === "refinancing" && customerId && scope.accountId) {
    // What the customer confirms (their bank account) as a returning customer's flow has it, and the old loan's product.
    const known = await prefillValues(engine.db, engine.catalogue, { ...definition, prefill: "known_customer" }, null, customerId, now);
    return { ...known, ...(await refinancingStart(engine.db, customerId, scope.accountId)) };
  }
  const product = await productFor(engine, definition, {}, { customerId, accountId: scope.accountId ?? null }, now);
  return prefillValues(engine.db, engine.catalogue, definition, product, customerId, now);
}

/** POST flows/{key}/flow_progresses: starts a progress; the caller's older open ones of that flow are discarded. */
export async function createProgress(
  engine: FlowEngine,
  actor: Actor,
  flowKey: string,
  input: { values?: FlowValues; flow_version_id?: string },
  scope: Scope = {},
): Promise<FlowProgressView> {
  const now = actor.now ?? new Date();
  const version = await startableFlow(engine, actor, flowKey, scope);
  // The new-loan rule binds a start, not a look at step one (decision 0018).
  if (actor.caller) await assertNewLoanAllowed(engine.db, engine.catalogue, actor.caller.customerId, version.definition, now);
  if (actor.caller) await assertNotLender(engine.db, actor.caller.customerId, version.definition);
  if (input.flow_version_id && input.flow_version_id !== version.id) throw new FlowError(409, "flow_version_outdated", "flows.error.version_outdated");
  const customerId = actor.caller?.customerId ?? null;
  const first = firstStep(version.definition, actor);
  if (first.movements.length === 0) throw new FlowError(409, "flow_not_startable", "flows.error.flow_not_startable");
  const { stored } = acceptedValues(first, input.values ?? {});
  const values = { ...(await startingValues(engine, version.definition, actor, now, scope)), ...stored };
  // An offered flow starts only for a customer it is offered to (409 with the reason), before anything is stored.
  if (version.definition.offer) await productFor(engine, version.definition, values, { customerId, accountId: scope.accountId ?? null }, now);
  const row = await engine.db.transaction(async (tx) => {
    if (customerId) {
      await tx
        .update(schema.flowProgresses)
        .set({ status: "cancelled", updatedAt: now })
        .where(and(eq(schema.flowProgresses.customerId, customerId), eq(schema.flowProgresses.flowKey, flowKey), eq(schema.flowProgresses.status, "in_progress")));
    }
    const [inserted] = await tx
      .insert(schema.flowProgresses)
      .values({
        flowVersionId: version.id,
        flowKey,
        customerId,
        accountId: scope.accountId ?? null,
        accountApplicationId: scope.accountApplicationId ?? null,
        currentStep: first.key,
        values,
        expiresAt: lifetimeEnd(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error("flow progress not stored");
  return progressView(engine, version, row, {}, now);
}
