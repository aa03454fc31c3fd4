import { createHash } from "node:crypto";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { isTransientField, type FlowProgressNew, type FlowProgressView, type FlowSummary, type FlowValues } from "@pinjaman/contracts/flows";
import type { OfferSchedule } from "@pinjaman/contracts/offers";
import type { PublicProduct } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { businessNow } from "../business-clock/business-clock.ts";
import { LOAN_APPLICATION_COMPLETIONS, PRICED_COMPLETIONS, type FlowDefinition, type StepActionKey, type StepDefinition } from "../../flows/definition.ts";
import { findStep, type FlowCatalogue, type FlowVersion } from "../../flows/flow-catalogue.ts";
import type { OpenBankingProvider } from "../../integrations/open-banking/open-banking-provider.ts";
import type { FileStorage } from "../../integrations/storage/file-storage.ts";
import type { VoiceAdapter } from "../../integrations/voice/voice-adapter.ts";
import type { Caller } from "../../plugins/auth.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { recordAudit, type RequestOrigin } from "../audit/audit-service.ts";
import { defaultOfferSchedule, findActiveProduct, ProductNotFound } from "../offers/schedule-service.ts";
import { checkLoanRequest } from "@pinjaman/domain/loan-settings";
import { noFlowPrefill, offeredProduct, productChoices, productKeyOf, refinancedPayoff } from "./borrower-offers.ts";
import { refinancingStart } from "./refinancing.ts";
import { onProductChange } from "../settings/product-cache.ts";
import type { IssuedSession } from "../sessions/session-service.ts";
import { createSignature, resendSignatureCode, type SignatureContext } from "../signatures/signature-service.ts";
import { waitText } from "../throttle/throttle-service.ts";
import { addressLabels, contractData, signatureData } from "./flow-data.ts";
import {
  actionNotFound,
  flowNotFound,
  FlowError,
  loginRequired,
  movementNotFound,
  progressClosed,
  progressExpired,
  progressNotFound,
} from "./flow-errors.ts";
import { assertNotLender } from "./lender-registration.ts";
import { automaticInsurance } from "../insurance/insurance-settings.ts";
import { assertNewLoanAllowed, assertNoUnpaidPrincipal, prefillValues } from "./new-loan.ts";
import { progressReachableBy } from "./progress-access.ts";
import { checkStep, contractSubject, type FieldMessages } from "./step-checks.ts";
import { completeFlow, createCustomerAccount } from "./step-effects.ts";
import { holdsNoValue, renderStep, type StepViewContext } from "./step-view.ts";
import { t } from "@pinjaman/i18n";
import { FieldErrors } from "../../plugins/errors.ts";

/**
 * A saved progress lasts 2000 minutes after its last change (decision 0007: the spec's "2000,
 * unit not shown"); the site remembers a progress id for the same time.
 */
export const PROGRESS_LIFETIME_MINUTES = 2000;

export type FlowEngine = {
  db: Db;
  catalogue: FlowCatalogue;
  /** To confirm a file sent straight to S3 exists before a step accepts it. */
  storage: FileStorage;
  voice: VoiceAdapter;
  openBanking: OpenBankingProvider;
  signatures: Omit<SignatureContext, "origin" | "db">;
  /** The sandbox's business clock may run ahead of the real date (decision 0011). */
  sandbox: boolean;
};

/** The business date at `now`: what a submission, its decision and a contract are dated. */
const businessToday = async (engine: FlowEngine, now: Date) => (await businessNow(engine.db, { sandbox: engine.sandbox, real: now })).date;

/** Who asks, from where, and for which account or application a scoped flow runs. */
export type Actor = { caller: Caller | null; origin: RequestOrigin; now?: Date };
export type Scope = { accountId?: string; accountApplicationId?: string; publicOnly?: boolean };

type ProgressRow = typeof schema.flowProgresses.$inferSelect;
/** What a step view needs of a progress. */
type ProgressState = Pick<ProgressRow, "id" | "status" | "currentStep" | "values" | "expiresAt" | "customerId" | "accountId">;

/** Whose progress a product is narrowed for (an offered flow): its customer and account, while it is open. */
type Holder = { customerId: string | null; accountId: string | null; status?: ProgressRow["status"] };

const lifetimeEnd = (now: Date) => new Date(now.getTime() + PROGRESS_LIFETIME_MINUTES * 60_000);

function summary(definition: FlowDefinition): FlowSummary {
  return { key: definition.key, name: t(definition.name), audience: definition.audience, product_key: definition.productKey ?? null };
}

const products = new Map<string, { product: PublicProduct; until: number }>();
onProductChange((key) => (key === null ? products.clear() : products.delete(key)));

/** A product, kept for a minute: every step view needs it and it changes rarely. */
async function productByKey(db: Db, key: string): Promise<PublicProduct> {
  const cached = products.get(key);
  if (cached && cached.until > Date.now()) return cached.product;
  const product = await findActiveProduct(db, key);
  products.set(key, { product, until: Date.now() + 60_000 });
  return product;
}

/**
 * The product a progress prices with: the flow's, or the one its customer chose (multi-product,
 * refinancing). For an offered flow (borrower-offers.ts) of an open progress its loan settings are
 * narrowed to the customer's limits, and a customer it is not offered to is refused (409).
 */
async function productFor(engine: FlowEngine, definition: FlowDefinition, values: FlowValues, holder: Holder, now: Date): Promise<PublicProduct | null> {
  const key = productKeyOf(definition, values);
  let product: PublicProduct | null = null;
  try {
    product = key ? await productByKey(engine.db, key) : null;
  } catch (error) {
    // A chosen key that names no active product: the choice's own check refuses it.
    if (!(error instanceof ProductNotFound) || !definition.productChoice) throw error;
  }
  if (!definition.offer || !holder.customerId || (holder.status && holder.status !== "in_progress")) return product;
  const today = await businessToday(engine, now);
  return offeredProduct(engine.db, engine.catalogue, definition, { customerId: holder.customerId, accountId: holder.accountId, values, now, today }, product);
}

function stepOf(definition: FlowDefinition, key: string): StepDefinition {
  const step = findStep(definition, key);
  if (!step) throw new Error(`step ${key} missing in ${definition.key}`);
  return step;
}

async function stepContext(engine: FlowEngine, definition: FlowDefinition, step: StepDefinition, values: FlowValues, now: Date, holder: Holder): Promise<StepViewContext> {
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

async function view(engine: FlowEngine, version: FlowVersion, row: ProgressState, errors: FieldMessages = {}, now = new Date()): Promise<FlowProgressView> {
  const definition = version.definition;
  const step = stepOf(definition, row.currentStep);
  const ctx = await stepContext(engine, definition, step, row.values, now, row);
  return {
    id: row.id,
    flow_version_id: version.id,
    flow: summary(definition),
    status: row.status,
    step_index: definition.steps.findIndex((s) => s.key === step.key),
    steps_count: definition.steps.length,
    step: renderStep(definition, step, row.values, errors, ctx),
    expires_at: row.expiresAt.toISOString(),
    completed_redirect: row.status === "completed" ? definition.completedRedirect : null,
  };
}

/** The flow a caller may start here: public ones by anyone, customer ones logged in, scoped ones on their own account. */
async function startableFlow(engine: FlowEngine, actor: Actor, flowKey: string, scope: Scope): Promise<FlowVersion> {
  const version = engine.catalogue.currentVersion(flowKey);
  if (!version) throw flowNotFound();
  const { audience } = version.definition;
  const wanted = scope.accountApplicationId ? "account_application" : scope.accountId ? "account" : null;
  if (wanted ? audience !== wanted : audience === "account" || audience === "account_application") throw flowNotFound();
  if (scope.publicOnly && audience !== "public") throw flowNotFound();
  if (audience !== "public" && !actor.caller) throw loginRequired();
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

/** GET flows: what this visitor may start (public flows; customer flows once logged in). */
export function listFlows(engine: FlowEngine, actor: Actor): FlowSummary[] {
  return engine.catalogue
    .flows()
    .filter((d) => d.audience === "public" || (d.audience === "customer" && actor.caller))
    .map(summary);
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
  return listed.map(summary);
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

/** GET …/flow_progresses/new and …/preview: step one as it would start, nothing stored. */
export async function newProgress(engine: FlowEngine, actor: Actor, flowKey: string, scope: Scope = {}): Promise<FlowProgressNew> {
  const version = await startableFlow(engine, actor, flowKey, scope);
  const definition = version.definition;
  const first = firstStep(definition, actor);
  const now = actor.now ?? new Date();
  const values = await startingValues(engine, definition, actor, now, scope);
  const ctx = await stepContext(engine, definition, first, values, now, { customerId: actor.caller?.customerId ?? null, accountId: scope.accountId ?? null });
  return { flow_version_id: version.id, flow: summary(definition), steps_count: definition.steps.length, step: renderStep(definition, first, values, {}, ctx) };
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

/** A logged-in customer skips the account step of an onboarding flow: they have one. */
function skipsStep(step: StepDefinition, customerId: string | null): boolean {
  return customerId !== null && (step.checks ?? []).includes("new_account");
}

function forwardTarget(step: StepDefinition): string | undefined {
  return step.movements.find((m) => m.direction === "forward")?.to;
}

function arrive(definition: FlowDefinition, key: string, customerId: string | null): StepDefinition {
  let step = stepOf(definition, key);
  while (skipsStep(step, customerId)) step = stepOf(definition, forwardTarget(step) ?? step.key);
  return step;
}

function firstStep(definition: FlowDefinition, actor: Actor): StepDefinition {
  const first = definition.steps[0];
  if (!first) throw new Error(`flow ${definition.key} has no steps`);
  return arrive(definition, first.key, actor.caller?.customerId ?? null);
}

/** Only the current step's own fields that hold a typed value may be written. */
function acceptedValues(step: StepDefinition, values: FlowValues): { stored: FlowValues; transient: FlowValues } {
  const stored: FlowValues = {};
  const transient: FlowValues = {};
  const unknown: FieldMessages = {};
  for (const [key, value] of Object.entries(values)) {
    const field = step.fields.find((f) => f.key === key);
    if (!field || field.readOnly || holdsNoValue(field)) {
      unknown[key] = [t("flows.error.field_not_on_step")];
      continue;
    }
    (isTransientField(field) ? transient : stored)[key] = value;
  }
  if (Object.keys(unknown).length > 0) throw new FieldErrors(unknown);
  return { stored, transient };
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
  return view(engine, version, row, {}, now);
}

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

/**
 * A progress as its holder may see it: its customer's, or — while no customer is attached yet —
 * whoever holds the id of a public flow. Anyone else: 404. An open progress past its lifetime
 * turns expired here.
 */
async function loadProgress(engine: FlowEngine, actor: Actor, id: string, db: Db = engine.db, lock = false): Promise<{ row: ProgressRow; version: FlowVersion }> {
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

function requireOpen(row: ProgressRow): void {
  if (row.status !== "in_progress") throw progressClosed();
}

/** GET flow_progresses/{id}/edit */
export async function editProgress(engine: FlowEngine, actor: Actor, id: string): Promise<FlowProgressView> {
  const { row, version } = await loadProgress(engine, actor, id);
  return view(engine, version, row, {}, actor.now);
}

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
    if (saved && version) return view(engine, version, saved, {}, now);
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
  return view(engine, version, updated, {}, now);
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

export type MoveResult = { view: FlowProgressView; session: IssuedSession | null };

/**
 * PATCH flow_progresses/{id}/move/{movementId}. Back saves and moves. Forward checks the whole
 * step; refused, nothing changes and the messages come back per field (422). Accepted, the step's
 * effect (creating the account), the move and — arriving at the end — the flow's completion are
 * one transaction. `fromStep` makes a double click harmless: a move from a step the progress has
 * already left answers the current state.
 */
export async function moveProgress(
  engine: FlowEngine,
  actor: Actor,
  id: string,
  movementId: string,
  input: { values?: FlowValues; from_step?: string },
): Promise<MoveResult> {
  const now = actor.now ?? new Date();
  const today = await businessToday(engine, now);
  const { row, version } = await loadProgress(engine, actor, id);
  requireOpen(row);
  if (input.from_step && input.from_step !== row.currentStep) return { view: await view(engine, version, row, {}, now), session: null };
  const definition = version.definition;
  const step = stepOf(definition, row.currentStep);
  const movement = step.movements.find((m) => m.id === movementId);
  if (!movement) throw movementNotFound();
  const { stored, transient } = acceptedValues(step, input.values ?? {});
  const values: FlowValues = { ...row.values, ...stored };

  let product: PublicProduct | null;
  try {
    product = await productFor(engine, definition, values, row, now);
  } catch (error) {
    // The product step's own refusal belongs under its field.
    if (error instanceof FlowError && error.code === "product_not_offered" && (step.checks ?? []).includes("product_choice")) {
      throw new FieldErrors({ product_key: [error.message] }, 422);
    }
    throw error;
  }
  let passwordHash: string | null = null;
  let offer: OfferSchedule | null = null;
  const target = arrive(definition, movement.to, row.customerId);
  if (movement.direction === "forward") {
    const errors = await checkStep(
      { db: engine.db, storage: engine.storage, openBanking: engine.openBanking, signatures: { ...engine.signatures, db: engine.db, origin: actor.origin }, product, customerId: row.customerId, flowProgressId: id, today },
      step,
      { ...values, ...transient },
    );
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors, 422);
    if ((step.checks ?? []).includes("new_account")) passwordHash = await hashPassword(String(transient.password ?? ""));
    if (target.template === "end_flow" && PRICED_COMPLETIONS.includes(definition.completion) && product) {
      if (row.customerId && LOAN_APPLICATION_COMPLETIONS.includes(definition.completion)) await assertNoUnpaidPrincipal(engine.db, row.customerId);
      const request = { amount: Number(values.amount), term: Number(values.term) };
      // An offered flow's limits may have moved since the calculator (a payoff grows by the day): checked again.
      const outside = definition.offer ? checkLoanRequest(request, product.loanSettings) : [];
      if (outside.length > 0) throw new FieldErrors(Object.fromEntries(outside.map((p) => [p.field, [p.message]])), 422);
      offer = await defaultOfferSchedule(engine.db, product.key, request, today);
    }
  }

  const outcome = await engine.db.transaction(async (tx) => {
    const locked = await loadProgress(engine, actor, id, tx, true);
    requireOpen(locked.row);
    if (locked.row.currentStep !== row.currentStep || locked.row.revision !== row.revision) return { row: locked.row, session: null, moved: false };
    let customerId = locked.row.customerId;
    let session: IssuedSession | null = null;
    if (passwordHash) {
      const created = await createCustomerAccount(tx, { email: String(values.email), phone: String(values.phone), passwordHash, origin: actor.origin }, now);
      customerId = created.customerId;
      session = created.session;
    }
    const completing = movement.direction === "forward" && target.template === "end_flow";
    if (completing) {
      if (!customerId) throw loginRequired();
      await completeFlow(tx, definition.completion, {
        progressId: id,
        customerId,
        accountId: locked.row.accountId,
        accountApplicationId: locked.row.accountApplicationId,
        productKey: productKeyOf(definition, values),
        values,
        offer,
        origin: actor.origin,
        today,
        now,
      });
    }
    const history = [...locked.row.history, { movement_id: movement.id, from: step.key, to: target.key, at: now.toISOString() }];
    const [updated] = await tx
      .update(schema.flowProgresses)
      .set({
        values,
        history,
        customerId,
        currentStep: target.key,
        revision: locked.row.revision + 1,
        status: completing ? "completed" : "in_progress",
        completedAt: completing ? now : null,
        updatedAt: now,
        expiresAt: lifetimeEnd(now),
      })
      .where(eq(schema.flowProgresses.id, id))
      .returning();
    if (!updated) throw progressNotFound();
    return { row: updated, session, moved: true };
  });

  if (outcome.session && outcome.row.customerId) {
    await recordAudit(engine.db, actor.origin, "account_created", outcome.row.customerId, { flow_progress_id: id, session_id: outcome.session.id });
  }
  let current = outcome.row;
  if (outcome.moved && target.onEnter && current.customerId) current = await runStepAction(engine, actor, current, target.onEnter, now);
  return { view: await view(engine, version, current, {}, now), session: outcome.session };
}

/** Stores the engine's own state of a progress (`_` keys, never writable by a client). */
async function storeState(engine: FlowEngine, id: string, state: FlowValues): Promise<ProgressRow> {
  const [updated] = await engine.db
    .update(schema.flowProgresses)
    .set({ values: sql`${schema.flowProgresses.values} || ${JSON.stringify(state)}::jsonb`, revision: sql`${schema.flowProgresses.revision} + 1` })
    .where(eq(schema.flowProgresses.id, id))
    .returning();
  if (!updated) throw progressNotFound();
  return updated;
}

async function runStepAction(engine: FlowEngine, actor: Actor, row: ProgressRow, action: StepActionKey, now: Date): Promise<ProgressRow> {
  const customerId = row.customerId;
  if (!customerId) throw loginRequired();
  const signatures = { ...engine.signatures, db: engine.db, origin: actor.origin };
  switch (action) {
    case "send_signature_code": {
      const created = await createSignature(signatures, { customerId, method: "sms", subject: contractSubject(row.id) }, now);
      if (created.kind === "throttled") return storeState(engine, row.id, { _signature_error: t("authy.code.throttled", { wait: waitText(created.retryAfterSeconds) }) });
      return storeState(engine, row.id, {
        _signature_id: created.view.id,
        _signature_sent_to: created.view.codeSentTo ?? null,
        _signature_sent_at: now.toISOString(),
        _signature_error: null,
      });
    }
    case "resend_signature_code": {
      const signatureId = typeof row.values._signature_id === "string" ? row.values._signature_id : null;
      if (!signatureId) return runStepAction(engine, actor, row, "send_signature_code", now);
      const resent = await resendSignatureCode(signatures, { id: signatureId, customerId }, now);
      if (resent.kind === "too_early") throw new FieldErrors({ resend_code: [t("flows.error.resend_too_early", { wait: waitText(resent.retryAfterSeconds) })] }, 429);
      if (resent.kind !== "sent") return runStepAction(engine, actor, row, "send_signature_code", now);
      return storeState(engine, row.id, { _signature_sent_at: now.toISOString(), _signature_error: null });
    }
    case "check_voice_recording": {
      // The voice provider must hold this progress's recording under the id the field stored.
      const id = typeof row.values.bizbaz_audio_id === "string" ? row.values.bizbaz_audio_id : "";
      const recording = id ? await engine.voice.find(id) : null;
      const result =
        recording && recording.flowProgressId === row.id
          ? { status: "received", recording_id: id, message: t("flows.voice.received") }
          : { status: "missing", recording_id: null, message: t("flows.voice.missing") };
      return storeState(engine, row.id, { _check_result: JSON.stringify(result) });
    }
  }
}

/** POST flow_progresses/{id}/actions: one of the current step's server operations. */
export async function runAction(engine: FlowEngine, actor: Actor, id: string, action: string): Promise<FlowProgressView> {
  const now = actor.now ?? new Date();
  const { row, version } = await loadProgress(engine, actor, id);
  requireOpen(row);
  const step = stepOf(version.definition, row.currentStep);
  const key = (step.actions ?? []).find((a) => a === action);
  if (!key) throw actionNotFound();
  const updated = await runStepAction(engine, actor, row, key, now);
  return view(engine, version, updated, {}, now);
}
