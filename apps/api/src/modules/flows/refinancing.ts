import { and, eq } from "drizzle-orm";
import type { FlowValues } from "@pinjaman/contracts/flows";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { FieldErrors } from "../../plugins/errors.ts";
import { refinancedPayoff } from "./borrower-offers.ts";
import { FlowError } from "./flow-errors.ts";
import "@pinjaman/i18n/ns/borrower_flows";

/**
 * The refinancing flow's own server work (decision "borrower flow offers"): what it starts with
 * (the old loan's product, which the new loan uses) and its completion's guard and record. The
 * money moves at disbursal (modules/disbursal/refinancing-payoff.ts).
 */

/** The values a refinancing progress starts with: the product of the loan it refinances (never the client's). */
export async function refinancingStart(db: Db, customerId: string, accountId: string): Promise<FlowValues> {
  const [account] = await db
    .select({ productKey: schema.accounts.productKey })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.customerId, customerId)));
  return { product_key: account?.productKey ?? null };
}

/**
 * In the completing transaction, before the new application is submitted: the old loan, locked,
 * must still be the customer's active loan, and the new amount must exceed its payoff of today.
 * Answers the payoff to record.
 */
export async function lockRefinancedLoan(tx: Db, input: { customerId: string; accountId: string; amount: number; today: string }): Promise<number> {
  const [old] = await tx
    .select({ status: schema.accounts.status })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, input.accountId), eq(schema.accounts.customerId, input.customerId)))
    .for("update");
  const payoff = old?.status === "active" ? await refinancedPayoff(tx, input.customerId, input.accountId, input.today) : null;
  if (payoff === null) throw new FlowError(409, "refinanced_loan_closed", "borrower_flows.error.refinanced_loan_closed");
  if (input.amount <= payoff) throw new FieldErrors({ amount: [t("borrower_flows.error.amount_below_payoff", { payoff: formatRupiah(payoff) })] }, 422);
  return payoff;
}

/** Records that the new application refinances the old loan (paid off from its disbursal). */
export async function recordRefinancing(tx: Db, input: { applicationId: string; accountId: string; payoff: number }): Promise<void> {
  await tx.insert(schema.refinancings).values({ accountApplicationId: input.applicationId, refinancedAccountId: input.accountId, payoffAtSubmission: input.payoff });
}
