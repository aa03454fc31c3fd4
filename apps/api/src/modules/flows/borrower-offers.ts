import { and, count, eq, gt, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { PublicProduct } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import {
  APPLICATION_OFFER_FLOWS,
  applicationOffer,
  multiProductChoices,
  NO_FLOW_AVAILABLE_V2,
  noFlowReason,
  offerLimits,
  REFINANCING,
  refinancingOffer,
  type ApplicationOfferFlow,
  type BorrowerBook,
  type BorrowerLoan,
  type OfferedFlowKey,
} from "@pinjaman/domain/borrower-offers";
import { payoffToTransfer } from "@pinjaman/domain/payoff";
import { t } from "@pinjaman/i18n";
import type { FlowDefinition } from "../../flows/definition.ts";
import type { FlowCatalogue } from "../../flows/flow-catalogue.ts";
import { findActiveProduct, ProductNotFound } from "../offers/schedule-service.ts";
import { borrowerCreditBalance, loanPosition, payoffOf } from "../repayments/loan-position.ts";
import { FlowError } from "./flow-errors.ts";
import { loanBookOf } from "./new-loan.ts";
import "@pinjaman/i18n/ns/borrower_flows";

/**
 * The borrower flow offers on the server (decision "borrower flow offers"): the customer's book
 * read from the database, the pure rule of packages/domain/src/borrower-offers.ts applied, and
 * the product a flow prices with, narrowed to what the customer is offered.
 */

/** An active loan as the rule reads it: its payoff today (less the borrower's credit), overdue and paid instalments. */
async function activeLoan(db: Db, customerId: string, account: { id: string; productKey: string | null; status: string; principalBalance: number }, today: string): Promise<BorrowerLoan> {
  const position = account.status === "active" ? await loanPosition(db, account.id) : null;
  const payoff = position ? payoffToTransfer(payoffOf(position, today), await borrowerCreditBalance(db, customerId, account.id)) : null;
  return {
    accountId: account.id,
    productKey: account.productKey,
    status: account.status,
    principalBalance: account.principalBalance,
    amount: position?.application.amount ?? 0,
    overdue: position?.invoices.some((i) => i.status === "open" && i.dueOn < today) ?? false,
    paidInstalments: position?.invoices.filter((i) => i.status === "paid").length ?? 0,
    payoff: payoff && payoff > 0 ? payoff : null,
  };
}

/** What the offer rule reads of a customer's book on business date `today`. */
export async function borrowerBookOf(db: Db, catalogue: FlowCatalogue, customerId: string, startingFlowKey: string | null, now: Date, today: string): Promise<BorrowerBook> {
  const base = await loanBookOf(db, catalogue, customerId, startingFlowKey, now);
  const loans = await db
    .select({ id: schema.accounts.id, productKey: schema.accounts.productKey, status: schema.accounts.status, principalBalance: schema.accounts.principalBalance, activatedOn: schema.accounts.activatedOn })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "loan")));
  const repaidIds = loans.filter((l) => l.status === "closed" && l.activatedOn !== null).map((l) => l.id);
  const repaid = repaidIds.length
    ? await db
        .select({ accountId: schema.accountApplications.accountId, amount: schema.accountApplications.amount })
        .from(schema.accountApplications)
        .where(and(inArray(schema.accountApplications.accountId, repaidIds), isNotNull(schema.accountApplications.effectiveOn)))
    : [];
  const [late] = await db
    .select({ n: count() })
    .from(schema.invoices)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.invoices.accountId))
    .where(
      and(
        eq(schema.accounts.customerId, customerId),
        or(gt(schema.invoices.lateFee, 0), sql`${schema.invoices.paidOn} > ${schema.invoices.dueOn}`, and(eq(schema.invoices.status, "open"), lt(schema.invoices.dueOn, today))),
      ),
    );
  const activeLoans = await Promise.all(loans.filter((l) => l.status === "active").map((l) => activeLoan(db, customerId, l, today)));
  return {
    ...base,
    repaidLoans: repaidIds.map((id) => ({ productKey: loans.find((l) => l.id === id)?.productKey ?? null, amount: Math.max(0, ...repaid.filter((r) => r.accountId === id).map((r) => r.amount)) })),
    everLate: (late?.n ?? 0) > 0,
    activeLoans,
  };
}

const REASON_TEXT = (reason: string) => t(`borrower_flows.reason.${reason}`);

export const flowNotOffered = (reason: string) => new FlowError(409, "flow_not_offered", `borrower_flows.reason.${reason}`);

async function activeProducts(db: Db): Promise<PublicProduct[]> {
  const rows = await db.select({ key: schema.products.key }).from(schema.products).where(eq(schema.products.active, true)).orderBy(schema.products.createdAt, schema.products.key);
  return Promise.all(rows.map((r) => findActiveProduct(db, r.key)));
}

/** Who asks for an offered flow, on which account (refinancing), with the values chosen so far (the product of a multi-product flow). */
export type OfferHolder = { customerId: string; accountId: string | null; values: Record<string, unknown>; now: Date; today: string };

/** The product key a flow prices with: its own, or (multi-product) the one the customer chose. */
export function productKeyOf(definition: FlowDefinition, values: Record<string, unknown>): string | null {
  if (definition.productChoice) return typeof values.product_key === "string" && values.product_key ? values.product_key : null;
  return definition.productKey ?? null;
}

/**
 * For a flow with an offer rule: refuses (409 flow_not_offered, the reason in Indonesian) when the
 * customer is not offered it, else the product narrowed to the customer's limits (null before a
 * multi-product customer chose one). `product` is the flow's product as the catalogue holds it.
 */
export async function offeredProduct(db: Db, catalogue: FlowCatalogue, definition: FlowDefinition, holder: OfferHolder, product: PublicProduct | null): Promise<PublicProduct | null> {
  const flow = definition.offer;
  if (!flow) return product;
  const book = await borrowerBookOf(db, catalogue, holder.customerId, definition.key, holder.now, holder.today);
  let loan: BorrowerLoan | undefined;
  if (flow === REFINANCING) {
    loan = book.activeLoans.find((l) => l.accountId === holder.accountId);
    const verdict = loan ? refinancingOffer(loan, book) : { offered: false as const, reason: "loan_not_active" as const };
    if (!verdict.offered) throw flowNotOffered(verdict.reason);
  } else {
    const verdict = applicationOffer(flow, book);
    if (!verdict.offered) throw flowNotOffered(verdict.reason);
  }
  if (definition.productChoice && product) {
    const choices = multiProductChoices(book, await activeProducts(db));
    if (!choices.includes(product.key)) throw new FlowError(409, "product_not_offered", "borrower_flows.error.product_not_offered");
  }
  if (!product) return null;
  const limits = offerLimits(flow, product, book, loan);
  if (!limits) throw flowNotOffered(flow === REFINANCING ? "payoff_above_maximum" : "no_amount");
  return { ...product, loanSettings: limits };
}

/** The product keys a multi-product customer may choose (the flow's select shows only these). */
export async function productChoices(db: Db, catalogue: FlowCatalogue, customerId: string, now: Date, today: string): Promise<string[]> {
  const book = await borrowerBookOf(db, catalogue, customerId, null, now, today);
  return multiProductChoices(book, await activeProducts(db));
}

/** The old loan's payoff a refinancing pays, today (null when the account is not the customer's active loan). */
export async function refinancedPayoff(db: Db, customerId: string, accountId: string, today: string): Promise<number | null> {
  const [account] = await db
    .select({ id: schema.accounts.id, productKey: schema.accounts.productKey, status: schema.accounts.status, principalBalance: schema.accounts.principalBalance })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "loan")));
  if (!account) return null;
  return (await activeLoan(db, customerId, account, today)).payoff;
}

export type OfferedFlowView = { flow_key: string; name: string; path: string; account_id: string | null; payoff: number | null };
export type BorrowerOffersView = { offered: OfferedFlowView[]; no_flow: { flow_key: string; path: string; reason: string } | null };

/** GET borrower_flows: the flows the dashboard offers this customer, and why none when none. */
export async function borrowerOffers(db: Db, catalogue: FlowCatalogue, customerId: string, now: Date, today: string): Promise<BorrowerOffersView> {
  const book = await borrowerBookOf(db, catalogue, customerId, null, now, today);
  const name = (key: string) => t(catalogue.currentVersion(key)?.definition.name ?? key);
  const offered: OfferedFlowView[] = APPLICATION_OFFER_FLOWS.filter((key: ApplicationOfferFlow) => catalogue.currentVersion(key) && applicationOffer(key, book).offered).map((key) => ({
    flow_key: key,
    name: name(key),
    path: `/flows/${key}`,
    account_id: null,
    payoff: null,
  }));
  if (catalogue.currentVersion(REFINANCING)) {
    for (const loan of book.activeLoans) {
      if (!refinancingOffer(loan, book).offered || !loan.productKey) continue;
      const product = await findActiveProduct(db, loan.productKey).catch((error: unknown) => {
        if (error instanceof ProductNotFound) return null;
        throw error;
      });
      if (!product || !offerLimits(REFINANCING, product, book, loan)) continue;
      offered.push({ flow_key: REFINANCING, name: name(REFINANCING), path: `/flows/${REFINANCING}?account_id=${loan.accountId}`, account_id: loan.accountId, payoff: loan.payoff });
    }
  }
  const reason = noFlowReason(book);
  return { offered, no_flow: reason && catalogue.currentVersion(NO_FLOW_AVAILABLE_V2) ? { flow_key: NO_FLOW_AVAILABLE_V2, path: `/flows/${NO_FLOW_AVAILABLE_V2}`, reason: REASON_TEXT(reason) } : null };
}

/** no_flow_available_v2's prefill: the reason no application flow is offered (null when one is). */
export async function noFlowPrefill(db: Db, catalogue: FlowCatalogue, customerId: string, now: Date, today: string): Promise<{ _refusal: string | null; _offered: string | null }> {
  const book = await borrowerBookOf(db, catalogue, customerId, null, now, today);
  const reason = noFlowReason(book);
  return { _refusal: reason ? REASON_TEXT(reason) : t("borrower_flows.reason.offered"), _offered: reason ? null : "/profile" };
}

export type { OfferedFlowKey };
