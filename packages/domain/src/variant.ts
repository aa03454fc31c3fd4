/**
 * Site variants by landing path, the registration flow each one starts, and the flows that
 * hide the site layout.
 */

export type SiteVariant = "default" | "plus" | "business";

export const PLUS_PATHS = [
  "/plus-payroll",
  "/tentang-plus",
  "/faq-plus",
  "/cara-mengajukan-pinjaman-online-cicilan",
  "/plus-costs",
] as const;

export const BUSINESS_PATHS = ["/pinjaman-online-bisnis-dan-modal-usaha"] as const;

export const DEFAULT_REGISTRATION_FLOW = "spl_onboarding";
export const BUSINESS_REGISTRATION_FLOW = "alumak_onboarding";
/** An individual becomes a lender ("Daftar jadi Pemberi Dana" on /lender). */
export const LENDER_REGISTRATION_FLOW = "lender_onboarding";

export const HIDDEN_LAYOUT_FLOW_KEYS = [
  "chili_money_onboarding",
  "chilimoney_spl",
  "chilimoney_onboarding",
  "installment_loan_chilimoney_subflow",
  "installment_loan_chilimoney_subflow_lead_based",
  "leads",
  "purchase",
  "generate-password",
] as const;

/** Sections under which every page hides the layout. */
const HIDDEN_LAYOUT_SECTIONS = ["leads", "purchase", "generate-password"] as const;

/** The path without query, fragment and trailing slash ("/" stays "/"). */
export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? "";
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Exact path match; a trailing slash, query and fragment are ignored. */
export function variantForPath(pathname: string): SiteVariant {
  const path = normalizePath(pathname);
  if ((PLUS_PATHS as readonly string[]).includes(path)) return "plus";
  if ((BUSINESS_PATHS as readonly string[]).includes(path)) return "business";
  return "default";
}

/** default → spl_onboarding, plus → `${product}_plus_payroll_loan`, business → alumak_onboarding. */
export function registrationFlowKey(variant: SiteVariant, product: string): string {
  switch (variant) {
    case "plus":
      return `${product}_plus_payroll_loan`;
    case "business":
      return BUSINESS_REGISTRATION_FLOW;
    default:
      return DEFAULT_REGISTRATION_FLOW;
  }
}

/**
 * True for /flows/<hidden key> (and anything below it) and for /leads, /purchase and
 * /generate-password and anything below them.
 */
export function isLayoutHidden(pathname: string): boolean {
  const segments = normalizePath(pathname).split("/").filter(Boolean);
  const [first, second] = segments;
  if (first === undefined) return false;
  if (first === "flows") {
    return second !== undefined && (HIDDEN_LAYOUT_FLOW_KEYS as readonly string[]).includes(second);
  }
  return (HIDDEN_LAYOUT_SECTIONS as readonly string[]).includes(first);
}

/** A flow "Daftar" may start: the default or business onboarding, a product's payroll flow, or the lender registration. */
export function isRegistrationFlowKey(key: string): boolean {
  return (
    key === DEFAULT_REGISTRATION_FLOW ||
    key === BUSINESS_REGISTRATION_FLOW ||
    key === LENDER_REGISTRATION_FLOW ||
    /^[a-z0-9_]{1,60}_plus_payroll_loan$/.test(key)
  );
}
