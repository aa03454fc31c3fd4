import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/account";
import "@pinjaman/i18n/ns/api";
import "@pinjaman/i18n/ns/flows";
import { databaseError } from "./database-errors.ts";

/** PostgreSQL's unique_violation (the same code on PGlite). */
const UNIQUE_VIOLATION = "23505";

/** The refusal a unique index stands for: what the sequential check answers for the same value. */
type UniqueRefusal = { status: number; field: string; messageKey: string };

/**
 * Every unique index a request can race on, by name, with the answer the service's own check
 * gives when the requests come one after another. The check reads before the transaction writes,
 * so two requests with one value can both pass it; the index refuses the later one and the error
 * handler answers it with this, never a 500 (its transaction is rolled back, nothing changed).
 */
export const UNIQUE_REFUSALS: Readonly<Record<string, UniqueRefusal>> = {
  /** Sign-up's account step (check new_account). */
  customers_email: { status: 422, field: "email", messageKey: "flows.error.email_taken" },
  /** Onboarding completion stores the profile; the personal step checked the NIK (check personal_data). */
  customer_profiles_personal_code: { status: 422, field: "personal_code", messageKey: "flows.error.personal_code_taken" },
  /** Two investments with one key on one investment account, for different applications (modules/funding). */
  investments_account_idempotency_key: { status: 409, field: "idempotency_key", messageKey: "account.investment.key_reused" },
};

/**
 * The other unique indexes, and why no request can race on them. A new unique index must be put
 * in one of the two lists (a test compares them with the migrated database).
 */
export const UNRACEABLE_UNIQUE_INDEXES: Readonly<Record<string, string>> = {
  customer_roles_customer_type: "a role is created with its new customer, or added by the lender registration with ON CONFLICT DO NOTHING; seeds skip conflicts",
  sessions_token_hash: "256-bit random tokens",
  password_tokens_token_hash: "256-bit random tokens",
  field_uploads_object_key: "derived from a fresh random UUID",
  flow_versions_flow_number: "written at start by the flow catalogue, serialised by a row lock on the flow",
  flow_versions_flow_digest: "written at start by the flow catalogue, serialised by a row lock on the flow",
  ledger_accounts_owner: "opened with ON CONFLICT DO NOTHING, then read (modules/ledger/ledger-service.ts)",
  ledger_transfers_idempotency_key: "inserted with ON CONFLICT DO NOTHING; the ledger service answers a retry itself",
  ledger_transfers_pending_resolution: "inserted with ON CONFLICT DO NOTHING; the ledger service refuses a second resolution itself",
  invoices_application_number: "written only by fixSchedule, serialised by a row lock on the application (decision 0012)",
  virtual_accounts_account_channel: "written only by openVirtualAccounts, serialised by a row lock on the account (decision 0012)",
  virtual_accounts_channel_number: "numbers come from a sequence value used once per channel (decision 0012)",
  disbursals_application: "created only by the cooling-off job with ON CONFLICT DO NOTHING (decision 0015)",
  lender_profiles_investment_account: "the investment account is opened in the same transaction as its lender profile (lender registration)",
  insurance_claims_investment: "inserted with ON CONFLICT DO NOTHING by the daily claims job, which skips a claimed investment (decision 0024)",
  investment_repayments_payment_investment: "written once per payment, inside the payment's transaction, which holds the loan's row lock (decision 0016)",
  withdrawals_account_key: "created only under a row lock on the investment account, after looking the key up (decision 0020)",
  withdrawals_signature: "created only under a row lock on the investment account; the code's signature is consumed in that transaction (decision 0020)",
  payments_gateway_transaction: "checked and written under a transaction-scoped advisory lock on the transaction id (decision 0016)",
  approval_requests_one_pending_write_off: "a write-off request locks its loan's account row before checking for a pending one (modules/approvals)",
  approval_requests_one_pending_loan_change: "a loan change's first approval locks the borrower's request row and checks for a pending second approval before asking for one (modules/loan-changes)",
  loan_change_requests_one_pending: "a loan change request locks its loan's account row before checking for a pending one (modules/loan-changes)",
  insurer_remittances_period: "written only by the daily insurer-remittance job, one run per business date (job_runs), with ON CONFLICT DO NOTHING",
  customer_blocks_active: "a block locks its customer's row before checking for one in force (modules/customers/customer-blocks.ts)",
  support_requests_access_token: "hashes of 256-bit random tokens",
  product_pricing_version: "a new price version locks its product's row first; the first version is written with ON CONFLICT DO NOTHING (modules/settings/pricing-service.ts)",
  leads_partner_external: "a lead is inserted with ON CONFLICT DO NOTHING, then the stored one answered (modules/partners/lead-service.ts)",
  purchases_partner_external: "a purchase is inserted with ON CONFLICT DO NOTHING, then the stored one answered (modules/partners/purchase-service.ts)",
  partner_api_keys_key_hash: "hashes of random keys",
  partner_callbacks_once: "callbacks are queued by the job with ON CONFLICT DO NOTHING (modules/partners/partner-callbacks.ts)",
  payment_reconciliations_parked: "a match or refund locks the parked payment's row first and answers a second one itself (modules/reconciliation)",
  payment_refunds_parked: "a refund locks the parked payment's row first and reads its refund before writing one (modules/reconciliation/refund.ts)",
  payment_refunds_transfer_reference: "derived from the parked payment's id and the refund's own count of accounts, written under the parked payment's row lock (modules/reconciliation/refund.ts)",
  refinancings_application: "inserted once, for the application just created in the same transaction by the refinancing completion (modules/flows/refinancing.ts)",
  api_keys_key_hash: "hash of a 256-bit random key, written only by `npm run api-key` and the sandbox seed (ON CONFLICT DO NOTHING; decision 0023)",
  personal_data_requests_retention_purge: "written only by the personal-data-retention job with ON CONFLICT DO NOTHING; the purge follows only when the row was inserted (modules/personal-data/retention-purge.ts)",
};

/**
 * The constraint a unique violation names (null when the driver does not say), or undefined when
 * the error is no unique violation.
 */
function violatedConstraint(error: unknown): string | null | undefined {
  const violation = databaseError(error, UNIQUE_VIOLATION);
  if (!violation) return undefined;
  return typeof violation.constraint === "string" ? violation.constraint : null;
}

export type UniqueViolationAnswer = { status: number; code: string; message: string; fields?: Record<string, string[]>; constraint: string | null };

/**
 * How the API answers a unique violation: the known ones as their field error (the envelope the
 * sequential check gives), any other as 409 conflict. Null for every other error.
 */
export function uniqueViolationAnswer(error: unknown): UniqueViolationAnswer | null {
  const constraint = violatedConstraint(error);
  if (constraint === undefined) return null;
  const known = constraint && Object.hasOwn(UNIQUE_REFUSALS, constraint) ? UNIQUE_REFUSALS[constraint] : undefined;
  if (!known) return { status: 409, code: "conflict", message: t("api.conflict"), constraint };
  return { status: known.status, code: "validation_failed", message: t("api.validation_failed"), fields: { [known.field]: [t(known.messageKey)] }, constraint };
}
