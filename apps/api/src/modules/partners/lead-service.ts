import type { CreateLeadRequest, LeadView } from "@pinjaman/contracts/partners";
import type { FlowValues } from "@pinjaman/contracts/flows";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { checkLoanRequest } from "@pinjaman/domain/loan-settings";
import { normalizeIndonesianPhone } from "@pinjaman/domain/field-rules";
import { t } from "@pinjaman/i18n";
import { and, eq } from "drizzle-orm";
import type { FlowCatalogue } from "../../flows/flow-catalogue.ts";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { findActiveProduct, ProductNotFound } from "../offers/schedule-service.ts";
import { PROGRESS_LIFETIME_MINUTES } from "../flows/progress-lifetime.ts";
import { assertNewLoanAllowed } from "../flows/new-loan.ts";
import { applicationsById } from "./partner-applications.ts";
import "@pinjaman/i18n/ns/partners";

/** The lead-based subflow (spec section 6): every lead is continued in it. */
export const LEAD_FLOW_KEY = "installment_loan_chilimoney_subflow_lead_based";
/** A lead link works for 14 days: long enough to answer a partner's message, short for a prefilled identity. */
export const LEAD_LIFETIME_DAYS = 14;

type LeadRow = typeof schema.leads.$inferSelect;

export const leadNotFound = () => new Refusal(404, "lead_not_found", t("partners.error.lead_not_found"));

/** A branch named by a partner must be its own. */
export async function assertOwnBranch(db: Db, partnerId: string, branchId: string | undefined): Promise<void> {
  if (!branchId) return;
  const [branch] = await db
    .select({ id: schema.partnerBranches.id })
    .from(schema.partnerBranches)
    .where(and(eq(schema.partnerBranches.id, branchId), eq(schema.partnerBranches.partnerId, partnerId)));
  if (!branch) throw new FieldErrors({ branch_id: [t("partners.error.branch_unknown")] }, 422);
}

/** The product must be active and an amount and term, when given, within its loan settings. */
export async function assertLoanRequest(db: Db, productKey: string, request: { amount?: number | undefined; term?: number | undefined }) {
  let product;
  try {
    product = await findActiveProduct(db, productKey);
  } catch (error) {
    if (error instanceof ProductNotFound) throw new FieldErrors({ product_key: [t("partners.error.product_unknown")] }, 422);
    throw error;
  }
  const settings = product.loanSettings;
  const fields: Record<string, string[]> = {};
  const problems = checkLoanRequest({ amount: request.amount ?? settings.default_amount, term: request.term ?? settings.default_term }, settings);
  for (const p of problems) if (request[p.field as "amount" | "term"] !== undefined) (fields[p.field] ??= []).push(p.message);
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields, 422);
  return product;
}

export function leadUrl(publicOrigin: string, id: string): string {
  return `${publicOrigin}/leads/${id}`;
}

async function statusOf(db: Db, lead: LeadRow, now: Date): Promise<Pick<LeadView, "status" | "application">> {
  if (lead.flowProgressId) {
    const [application] = await db
      .select({ id: schema.accountApplications.id })
      .from(schema.accountApplications)
      .where(eq(schema.accountApplications.flowProgressId, lead.flowProgressId))
      .limit(1);
    if (application) return { status: "submitted", application: (await applicationsById(db, [application.id])).get(application.id) ?? null };
  }
  if (lead.expiresAt.getTime() <= now.getTime()) return { status: "expired", application: null };
  return { status: lead.flowProgressId ? "in_progress" : "open", application: null };
}

export async function leadView(db: Db, publicOrigin: string, lead: LeadRow, now = new Date()): Promise<LeadView> {
  return {
    id: lead.id,
    external_id: lead.externalId,
    branch_id: lead.branchId,
    product_key: lead.productKey,
    flow_key: lead.flowKey,
    url: leadUrl(publicOrigin, lead.id),
    ...(await statusOf(db, lead, now)),
    expires_at: lead.expiresAt.toISOString(),
    created_at: lead.createdAt.toISOString(),
  };
}

/** POST partner_api/v1/leads: a new lead, or — same external_id — the one already made (created: false). */
export async function createLead(db: Db, partnerId: string, input: CreateLeadRequest["data"], now = new Date()): Promise<{ lead: LeadRow; created: boolean }> {
  const [existing] = await db.select().from(schema.leads).where(and(eq(schema.leads.partnerId, partnerId), eq(schema.leads.externalId, input.external_id)));
  if (existing) return { lead: existing, created: false };
  await assertOwnBranch(db, partnerId, input.branch_id);
  await assertLoanRequest(db, input.product_key, input);
  const customer = input.customer;
  const data: Record<string, string | number> = {};
  if (input.amount !== undefined) data.amount = input.amount;
  if (input.term !== undefined) data.term = input.term;
  if (customer.full_name) data.full_name = customer.full_name;
  if (customer.email) data.email = customer.email.toLowerCase();
  if (customer.phone) data.phone = normalizeIndonesianPhone(customer.phone);
  if (customer.personal_code) data.personal_code = customer.personal_code;
  if (customer.birth_date) data.birth_date = customer.birth_date;
  const [lead] = await db
    .insert(schema.leads)
    .values({
      partnerId,
      branchId: input.branch_id ?? null,
      externalId: input.external_id,
      productKey: input.product_key,
      customerData: data,
      flowKey: LEAD_FLOW_KEY,
      expiresAt: new Date(now.getTime() + LEAD_LIFETIME_DAYS * 86_400_000),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (lead) return { lead, created: true };
  // A concurrent create with the same external_id won: answer its lead.
  const [winner] = await db.select().from(schema.leads).where(and(eq(schema.leads.partnerId, partnerId), eq(schema.leads.externalId, input.external_id)));
  return { lead: winner!, created: false };
}

/** One of the partner's own leads; another partner's or a made-up id is the same 404. */
export async function partnerLead(db: Db, partnerId: string, id: string): Promise<LeadRow> {
  const [lead] = await db.select().from(schema.leads).where(and(eq(schema.leads.id, id), eq(schema.leads.partnerId, partnerId)));
  if (!lead) throw leadNotFound();
  return lead;
}

/**
 * POST pub_api/v1/open/leads/{id}/flow_progress: the progress the customer continues the lead in.
 * The first visit creates it, prefilled with the lead's data (the server's values, never the
 * visitor's); a later visit answers the same progress while it is open. A signed-in visitor owns
 * it at once (their account step is skipped). Refusals name the page the site shows:
 * 404/410 lead_invalid (unknown, expired, already submitted), 403 lead_auth_error (another
 * customer's), 409 with the new-loan rule's code (leads/errors).
 */
export async function leadProgress(db: Db, catalogue: FlowCatalogue, leadId: string, customerId: string | null, now = new Date()): Promise<{ flowKey: string; progressId: string }> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(schema.leads).where(eq(schema.leads.id, leadId)).for("update");
    if (!lead) throw new Refusal(404, "lead_invalid", t("partners.error.lead_invalid"));
    const p = schema.flowProgresses;
    if (lead.flowProgressId) {
      const [progress] = await tx.select().from(p).where(eq(p.id, lead.flowProgressId));
      if (progress?.status === "completed") throw new Refusal(410, "lead_invalid", t("partners.error.lead_used"));
      const open = progress && progress.status === "in_progress" && progress.expiresAt.getTime() > now.getTime();
      if (open) {
        if (progress.customerId !== null && progress.customerId !== customerId) throw new Refusal(403, "lead_auth_error", t("partners.error.lead_other_customer"));
        if (progress.customerId === null && customerId) await tx.update(p).set({ customerId, updatedAt: now }).where(eq(p.id, progress.id));
        return { flowKey: lead.flowKey, progressId: progress.id };
      }
    }
    if (lead.expiresAt.getTime() <= now.getTime()) throw new Refusal(410, "lead_invalid", t("partners.error.lead_expired"));
    const version = catalogue.currentVersion(lead.flowKey);
    if (!version) throw new Error(`lead flow ${lead.flowKey} is not in the catalogue`);
    if (customerId) await assertNewLoanAllowed(tx, catalogue, customerId, version.definition, now);
    const first = version.definition.steps[0];
    if (!first) throw new Error(`flow ${lead.flowKey} has no steps`);
    const values: FlowValues = { ...lead.customerData, _lead_id: lead.id };
    const [progress] = await tx
      .insert(p)
      .values({
        flowVersionId: version.id,
        flowKey: lead.flowKey,
        customerId,
        currentStep: first.key,
        values,
        expiresAt: new Date(now.getTime() + PROGRESS_LIFETIME_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: p.id });
    await tx.update(schema.leads).set({ flowProgressId: progress!.id }).where(eq(schema.leads.id, lead.id));
    return { flowKey: lead.flowKey, progressId: progress!.id };
  });
}
