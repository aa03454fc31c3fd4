import type { CreatePurchaseRequest, PayPurchaseResponse, PurchaseDetail, PurchaseView } from "@pinjaman/contracts/partners";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { newLoanRefusal } from "@pinjaman/domain/new-loan-flow";
import { t } from "@pinjaman/i18n";
import { and, eq } from "drizzle-orm";
import type { FlowCatalogue } from "../../flows/flow-catalogue.ts";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { submitLoanApplication } from "../account-applications/submission.ts";
import { loanBookOf, refusalMessage } from "../flows/new-loan.ts";
import { defaultOfferSchedule } from "../offers/schedule-service.ts";
import { assertLoanRequest, assertOwnBranch } from "./lead-service.ts";
import { applicationsById } from "./partner-applications.ts";
import { assertPartnerCanSettle } from "./settlement-account.ts";
import "@pinjaman/i18n/ns/partners";

/** A purchase link works for 7 days: a checkout, not a standing offer. */
export const PURCHASE_LIFETIME_DAYS = 7;

type PurchaseRow = typeof schema.purchases.$inferSelect;

export const purchaseNotFound = () => new Refusal(404, "purchase_not_found", t("partners.error.purchase_not_found"));

export function purchaseUrl(publicOrigin: string, id: string): string {
  return `${publicOrigin}/purchase/${id}`;
}

function statusOf(row: PurchaseRow, now: Date): PurchaseView["status"] {
  if (row.accountApplicationId) return "paid";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

export async function purchaseView(db: Db, publicOrigin: string, row: PurchaseRow, now = new Date()): Promise<PurchaseView> {
  const application = row.accountApplicationId ? ((await applicationsById(db, [row.accountApplicationId])).get(row.accountApplicationId) ?? null) : null;
  return {
    id: row.id,
    external_id: row.externalId,
    branch_id: row.branchId,
    merchant_name: row.merchantName,
    item_name: row.itemName,
    product_key: row.productKey,
    amount: row.amount,
    discount: row.discount,
    term: row.term,
    url: purchaseUrl(publicOrigin, row.id),
    status: statusOf(row, now),
    application,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** The financed amount (price less discount) must be a loan the product offers for that tenor. */
async function assertFinanceable(db: Db, input: { product_key: string; amount: number; discount: number; term: number }) {
  try {
    await assertLoanRequest(db, input.product_key, { amount: input.amount - input.discount, term: input.term });
  } catch (error) {
    // The loan's principal is amount − discount: name the field the partner sent.
    if (error instanceof FieldErrors && error.fields.amount) throw new FieldErrors({ ...error.fields, amount: error.fields.amount.map((m) => t("partners.error.financed_amount", { message: m })) }, 422);
    throw error;
  }
}

/** POST partner_api/v1/purchases: a new purchase, or — same external_id — the one already made. */
export async function createPurchase(db: Db, partnerId: string, input: CreatePurchaseRequest["data"], now = new Date()): Promise<{ purchase: PurchaseRow; created: boolean }> {
  const same = () => db.select().from(schema.purchases).where(and(eq(schema.purchases.partnerId, partnerId), eq(schema.purchases.externalId, input.external_id)));
  const [existing] = await same();
  if (existing) return { purchase: existing, created: false };
  await assertPartnerCanSettle(db, partnerId, 422);
  await assertOwnBranch(db, partnerId, input.branch_id);
  await assertFinanceable(db, input);
  const [purchase] = await db
    .insert(schema.purchases)
    .values({
      partnerId,
      branchId: input.branch_id ?? null,
      externalId: input.external_id,
      merchantName: input.merchant_name,
      itemName: input.item_name,
      productKey: input.product_key,
      amount: input.amount,
      discount: input.discount,
      term: input.term,
      expiresAt: new Date(now.getTime() + PURCHASE_LIFETIME_DAYS * 86_400_000),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (purchase) return { purchase, created: true };
  const [winner] = await same();
  return { purchase: winner!, created: false };
}

export async function partnerPurchase(db: Db, partnerId: string, id: string): Promise<PurchaseRow> {
  const [row] = await db.select().from(schema.purchases).where(and(eq(schema.purchases.id, id), eq(schema.purchases.partnerId, partnerId)));
  if (!row) throw purchaseNotFound();
  return row;
}

/** GET pub_api/v1/open/purchases/{id}: the purchase with its instalment offer (the calculator's one schedule function). */
export async function purchaseDetail(db: Db, id: string, today: string, now = new Date()): Promise<PurchaseDetail> {
  const [row] = await db.select().from(schema.purchases).where(eq(schema.purchases.id, id));
  if (!row) throw purchaseNotFound();
  const [product] = await db.select({ name: schema.products.name }).from(schema.products).where(eq(schema.products.key, row.productKey));
  const financed = row.amount - row.discount;
  const application = row.accountApplicationId ? (await applicationsById(db, [row.accountApplicationId])).get(row.accountApplicationId) : undefined;
  // A paid purchase shows the figures it was submitted with; an open one today's offer.
  const offer = application
    ? null
    : await defaultOfferSchedule(db, row.productKey, { amount: financed, term: row.term }, today).catch(() => null);
  const [stored] = application
    ? await db
        .select({ rate: schema.accountApplications.dailyRatePpm, total: schema.accountApplications.totalRepayment })
        .from(schema.accountApplications)
        .where(eq(schema.accountApplications.id, application.id))
    : [];
  const totalRepayment = offer?.total_repayment ?? stored?.total ?? financed;
  return {
    id: row.id,
    merchant_name: row.merchantName,
    item_name: row.itemName,
    product_name: product?.name ?? row.productKey,
    amount: row.amount,
    discount: row.discount,
    financed,
    daily_rate_ppm: offer?.daily_rate_ppm ?? stored?.rate ?? 0,
    total_interest: totalRepayment - financed,
    monthly_instalment: offer?.monthly_instalment ?? Math.ceil(totalRepayment / row.term),
    term: row.term,
    status: statusOf(row, now),
  };
}

/**
 * POST app_api/v1/purchases/{id}/payments: the signed-in customer pays by instalments (decision
 * "partners, leads and purchase"): the purchase becomes a loan application for amount − discount
 * over its tenor, submitted and decided like any other; its disbursal pays the merchant (the
 * partner's settlement account). Refused (nothing changes): a purchase paid or expired (409/410), a
 * partner without a settlement account (409 partner_settlement_account_missing), a customer
 * without the KYC of an onboarding (409 kyc_required), one the new-loan rule forbids (409 with its code).
 */
export async function payPurchase(db: Db, catalogue: FlowCatalogue, id: string, customerId: string, today: string, now = new Date()): Promise<PayPurchaseResponse["data"]> {
  const [row] = await db.select().from(schema.purchases).where(eq(schema.purchases.id, id));
  if (!row) throw purchaseNotFound();
  if (row.accountApplicationId) throw new Refusal(409, "purchase_paid", t("partners.error.purchase_paid"));
  if (row.expiresAt.getTime() <= now.getTime()) throw new Refusal(410, "purchase_expired", t("partners.error.purchase_expired"));
  // A purchase made before its partner needed a settlement account: its loan would have no payee.
  await assertPartnerCanSettle(db, row.partnerId, 409);
  const [profile] = await db.select({ id: schema.customerProfiles.customerId }).from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId));
  if (!profile) throw new Refusal(409, "kyc_required", t("partners.error.kyc_required"));
  const [lender] = await db.select({ id: schema.lenderProfiles.customerId }).from(schema.lenderProfiles).where(eq(schema.lenderProfiles.customerId, customerId));
  if (lender) throw new Refusal(409, "lender_cannot_borrow", t("partners.error.lender_cannot_borrow"));
  const refusal = newLoanRefusal(await loanBookOf(db, catalogue, customerId, null, now));
  if (refusal) throw new Refusal(409, refusal, refusalMessage(refusal));
  const offer = await defaultOfferSchedule(db, row.productKey, { amount: row.amount - row.discount, term: row.term }, today);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(schema.purchases).where(eq(schema.purchases.id, id)).for("update");
    if (!locked || locked.accountApplicationId) throw new Refusal(409, "purchase_paid", t("partners.error.purchase_paid"));
    const submitted = await submitLoanApplication(tx, {
      customerId,
      productKey: row.productKey,
      amount: offer.amount,
      term: offer.term,
      dailyRatePpm: offer.daily_rate_ppm,
      totalRepayment: offer.total_repayment,
      maturityOn: offer.instalments[offer.instalments.length - 1]?.due_on ?? null,
      flowProgressId: null,
      today,
    });
    await tx.update(schema.purchases).set({ customerId, accountApplicationId: submitted.applicationId, paidAt: now }).where(eq(schema.purchases.id, id));
    const [application] = await tx
      .select({ status: schema.accountApplications.status, reason: schema.accountApplications.rejectionReason })
      .from(schema.accountApplications)
      .where(eq(schema.accountApplications.id, submitted.applicationId));
    return { purchase_id: id, account_application_id: submitted.applicationId, status: application?.status ?? "submitted", rejection_reason: application?.reason ?? null };
  });
}
