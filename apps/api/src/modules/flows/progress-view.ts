import type { FlowProgressView, FlowSummary, FlowValues } from "@pinjaman/contracts/flows";
import type { FlowDefinition, StepDefinition } from "../../flows/definition.ts";
import type { FlowVersion } from "../../flows/flow-catalogue.ts";
import { t } from "@pinjaman/i18n";
import { productChoices, refinancedPayoff } from "./borrower-offers.ts";
import { addressLabels, contractData, signatureData } from "./flow-data.ts";
import { businessToday, type FlowEngine, type ProgressRow } from "./flow-engine.ts";
import { productFor, type Holder } from "./progress-product.ts";
import { stepOf } from "./progress-steps.ts";
import type { FieldMessages } from "./step-checks.ts";
import { renderStep, type StepViewContext } from "./step-view.ts";

/** What a step view needs of a progress. */
type ProgressState = Pick<ProgressRow, "id" | "status" | "currentStep" | "values" | "expiresAt" | "customerId" | "accountId">;

/** A flow as a list of flows names it. */
export function summaryOf(definition: FlowDefinition): FlowSummary {
  return { key: definition.key, name: t(definition.name), audience: definition.audience, product_key: definition.productKey ?? null };
}

/** What rendering a step needs beyond its definition: the product, address labels, a template's data, narrowed choices. */
export async function stepContext(engine: FlowEngine, definition: FlowDefinition, step: StepDefinition, values: FlowValues, now: Date, holder: Holder): Promise<StepViewContext> {
  const product = await productFor(engine, definition, values, holder, now);
  const labels = step.fields.some((f) => f.templateKey === "address") ? await addressLabels(engine.db, step, values) : {};
  let data: Record<string, unknown> | null = null;
  if (step.template === "contract_agreement_test" && product) data = await contractData(engine.db, product, values, await businessToday(engine, now));
  if (step.template === "peruri_signature") data = signatureData(values, now);
  if (step.template === "test_api_block") data = { result: typeof values._check_result === "string" ? JSON.parse(values._check_result) : null };
  if (step.template === "end_flow" && typeof values._refusal === "string") data = { reason: values._refusal, resume: values._resume ?? null };
  if (step.template === "calculator" && definition.completion === "refinancing_application" && holder.customerId && holder.accountId && holder.status !== "completed") {
    data = { refinancing_payoff: await refinancedPayoff(engine.db, holder.customerId, holder.accountId, await businessToday(engine, now)) };
  }
  let choices: StepViewContext["choices"];
  if (definition.productChoice && definition.offer && holder.customerId && holder.status !== "completed" && step.fields.some((f) => f.key === "product_key")) {
    choices = { product_key: await productChoices(engine.db, engine.catalogue, holder.customerId, now, await businessToday(engine, now)) };
  }
  if (step.template === "payment_option") data = { channels: step.fields.flatMap((f) => f.options ?? []).map((o) => ({ key: o.value, label: t(o.label) })) };
  return { product, labels, data, choices };
}

/** A progress as the API answers it: its current step rendered, with field messages if any. */
export async function progressView(engine: FlowEngine, version: FlowVersion, row: ProgressState, errors: FieldMessages = {}, now = new Date()): Promise<FlowProgressView> {
  const definition = version.definition;
  const step = stepOf(definition, row.currentStep);
  const ctx = await stepContext(engine, definition, step, row.values, now, row);
  return {
    id: row.id,
    flow_version_id: version.id,
    flow: summaryOf(definition),
    status: row.status,
    step_index: definition.steps.findIndex((s) => s.key === step.key),
    steps_count: definition.steps.length,
    step: renderStep(definition, step, row.values, errors, ctx),
    expires_at: row.expiresAt.toISOString(),
    completed_redirect: row.status === "completed" ? definition.completedRedirect : null,
  };
}
