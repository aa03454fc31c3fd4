/**
 * What a company API key may call (decision 0023): one scope per company service. The same list
 * as packages/db/src/api-key-schema.ts (its check constraint), here for the contracts and the
 * back-office form, which must not import the database package.
 */
export const API_KEY_SCOPES = [
  "tkb",
  "customer_list",
  "customer_detail",
  "details",
  "lender_dashboard",
] as const;
export type ApiKeyScopeName = (typeof API_KEY_SCOPES)[number];
