import { and, desc, eq, gt, inArray, isNotNull, ne } from "drizzle-orm";
import type { FlowValues } from "@pinjaman/contracts/flows";
import type { PublicProduct } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { newLoanRefusal, newLoanRoute, type NewLoanBook, type NewLoanRefusal } from "@pinjaman/domain/new-loan-flow";
import { IN_FLIGHT_APPLICATION_STATUSES } from "@pinjaman/domain/statuses/tables";
import { t } from "@pinjaman/i18n";
import { LOAN_APPLICATION_COMPLETIONS, type FieldDefinition, type FlowDefinition } from "../../flows/definition.ts";
import type { FlowCatalogue } from "../../flows/flow-catalogue.ts";
import { FlowError } from "./flow-errors.ts";
import { fieldRange, holdsNoValue } from "./step-view.ts";
import { isTransientField } from "@pinjaman/contracts/flows";
import "@pinjaman/i18n/ns/flows";

/**
 * The new-loan rule on the server (spec section 4, decision 0018): which flow a signed-in
 * customer gets when they apply, the refusal to start a loan-application flow the rule forbids,
 * and the values a returning flow starts with (never taken from the client).
 */

const REFUSAL_TEXT: Record<NewLoanRefusal, string> = {
  application_in_flight: "flows.error.new_loan_application_in_flight",
  unpaid_principal: "flows.error.new_loan_unpaid_principal",
  flow_in_progress: "flows.error.new_loan_flow_in_progress",
};

export const refusalMessage = (refusal: NewLoanRefusal): string => t(REFUSAL_TEXT[refusal]);

function loanApplicationFlowKeys(catalogue: FlowCatalogue): string[] {
  return catalogue
    .flows()
    .filter((d) => LOAN_APPLICATION_COMPLETIONS.includes(d.completion))
    .map((d) => d.key);
}

/** What the rule reads of a customer's book; `startingFlowKey`'s own open progress does not count (starting it again replaces it). */
export async function loanBookOf(
  db: Db,
  catalogue: FlowCatalogue,
  customerId: string,
  startingFlowKey: string | null,
  now: Date,
): Promise<NewLoanBook & { openProgress: { id: string; flowKey: string } | null }> {
  const accounts = await db
    .select({ principal_balance: schema.accounts.principalBalance, activatedOn: schema.accounts.activatedOn })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "loan")));
  const inFlight = await db
    .select({ id: schema.accountApplications.id })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(and(eq(schema.accounts.customerId, customerId), inArray(schema.accountApplications.status, IN_FLIGHT_APPLICATION_STATUSES)));
  // Paid out once: the account was activated, or an application of it took effect (disbursal sets either).
  const disbursed = await db
    .select({ id: schema.accountApplications.id })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(and(eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "loan"), isNotNull(schema.accountApplications.effectiveOn)))
    .limit(1);
  const flowKeys = loanApplicationFlowKeys(catalogue).filter((key) => key !== startingFlowKey);
  const open = await db
    .select({ id: schema.flowProgresses.id, flowKey: schema.flowProgresses.flowKey })
    .from(schema.flowProgresses)
    .where(
      and(
        eq(schema.flowProgresses.customerId, customerId),
        eq(schema.flowProgresses.status, "in_progress"),
        gt(schema.flowProgresses.expiresAt, now),
        inArray(schema.flowProgresses.flowKey, flowKeys),
      ),
    )
    .limit(1);
  return {
    applicationsInFlight: inFlight.length,
    loanAccounts: accounts,
    flowInProgress: open.length > 0,
    openProgress: open[0] ?? null,
    hadLoan: disbursed.length > 0 || accounts.some((a) => a.activatedOn !== null),
  };
}

export type NewLoanRouteView = { flow_key: string; refusal: { code: NewLoanRefusal; message: string } | null };

/** GET new_loan_flow: the flow a signed-in customer applying through `registrationFlowKey` gets. */
export async function routeNewLoan(db: Db, catalogue: FlowCatalogue, customerId: string, registrationFlowKey: string, now: Date): Promise<NewLoanRouteView> {
  const hadLoan = (await loanBookOf(db, catalogue, customerId, null, now)).hadLoan;
  const target = newLoanRoute(registrationFlowKey, { applicationsInFlight: 0, loanAccounts: [], flowInProgress: false, hadLoan });
  if (!target || !catalogue.currentVersion(target.flowKey)) throw new FlowError(404, "flow_not_found", "flows.error.not_a_registration_flow");
  const book = await loanBookOf(db, catalogue, customerId, target.flowKey, now);
  const route = newLoanRoute(registrationFlowKey, book);
  if (!route) throw new FlowError(404, "flow_not_found", "flows.error.not_a_registration_flow");
  return { flow_key: route.flowKey, refusal: route.refusal ? { code: route.refusal, message: refusalMessage(route.refusal) } : null };
}

/** A signed-in customer starts a loan-application flow only while the new-loan rule allows it: else 409 with the reason. */
export async function assertNewLoanAllowed(db: Db, catalogue: FlowCatalogue, customerId: string, definition: FlowDefinition, now: Date): Promise<void> {
  if (!LOAN_APPLICATION_COMPLETIONS.includes(definition.completion)) return;
  const refusal = newLoanRefusal(await loanBookOf(db, catalogue, customerId, definition.key, now));
  if (refusal) throw new FlowError(409, refusal, REFUSAL_TEXT[refusal]);
}

/**
 * At submission: a loan with unpaid principal still forbids a new one (it may have been disbursed
 * after the flow started). An application in flight is the automatic decision's rule, under the
 * customer lock of the submission (decision 0010): it is recorded as a rejection, not refused here.
 */
export async function assertNoUnpaidPrincipal(db: Db, customerId: string): Promise<void> {
  const owing = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "loan"), gt(schema.accounts.principalBalance, 0)))
    .limit(1);
  if (owing.length > 0) throw new FlowError(409, "unpaid_principal", REFUSAL_TEXT.unpaid_principal);
}

/** Answers never carried over: photos and consent are given anew for each application. */
const NOT_PREFILLED = new Set(["camera_front", "camera_rear", "checkbox", "terms", "geolocation", "customer_affiliate", "voice_recording"]);

function prefillable(field: FieldDefinition): boolean {
  return !field.readOnly && !holdsNoValue(field) && !isTransientField(field) && !NOT_PREFILLED.has(field.templateKey);
}

/**
 * What a returning flow starts with: the customer's profile (name, NIK, birth date: the contract
 * names them) and KYC answers for the flow's own fields, and the amount and term of their last
 * application when the product still offers them.
 */
async function knownCustomerValues(db: Db, definition: FlowDefinition, product: PublicProduct | null, customerId: string): Promise<FlowValues> {
  const [profile] = await db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId)).limit(1);
  const fields = definition.steps.flatMap((s) => s.fields);
  const values: FlowValues = {};
  if (profile) {
    Object.assign(values, { full_name: profile.fullName, personal_code: profile.personalCode, birth_date: profile.birthDate });
    for (const field of fields.filter(prefillable)) {
      const known = profile.kyc[field.key];
      if (typeof known === "string" || typeof known === "number" || typeof known === "boolean") values[field.key] = known;
    }
  }
  const [last] = await db
    .select({ amount: schema.accountApplications.amount, term: schema.accountApplications.term })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(and(eq(schema.accounts.customerId, customerId), isNotNull(schema.accountApplications.submittedOn), ne(schema.accountApplications.status, "draft")))
    .orderBy(desc(schema.accountApplications.createdAt))
    .limit(1);
  for (const field of fields.filter((f) => f.range)) {
    const wanted = field.range === "loan_amount" ? last?.amount : last?.term;
    if (wanted !== undefined && fieldRange(field, product)?.includes(wanted)) values[field.key] = wanted;
  }
  return values;
}

/** The values a progress of `definition` starts with for this customer (none for a visitor). */
export async function prefillValues(db: Db, catalogue: FlowCatalogue, definition: FlowDefinition, product: PublicProduct | null, customerId: string | null, now: Date): Promise<FlowValues> {
  if (!customerId || !definition.prefill) return {};
  if (definition.prefill === "known_customer") return knownCustomerValues(db, definition, product, customerId);
  const book = await loanBookOf(db, catalogue, customerId, null, now);
  const refusal = newLoanRefusal(book);
  // The open flow that holds a new loan back can be continued from here (the flows page takes ?progress=).
  const resume = refusal === "flow_in_progress" && book.openProgress ? `/flows/${book.openProgress.flowKey}?progress=${book.openProgress.id}` : null;
  return { _refusal: refusal ? refusalMessage(refusal) : null, _resume: resume };
}
