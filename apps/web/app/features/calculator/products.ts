import { normalizePath, variantForPath, type SiteVariant } from "@pinjaman/domain/variant";

/** The product each site variant prices (spec section 2: default spl, plus payroll, business). */
const PRODUCT_BY_VARIANT: Record<SiteVariant, string> = {
  default: "spl",
  plus: "bni_payroll_loan",
  business: "alumak",
};

/** Pages about one product whatever the site variant of their path. */
const PRODUCT_BY_PATH: Readonly<Record<string, string>> = { "/alumak": "alumak" };

/** The key of the product a page prices. */
export function productForPath(pathname: string): string {
  const path = normalizePath(pathname);
  return PRODUCT_BY_PATH[path] ?? PRODUCT_BY_VARIANT[variantForPath(path)];
}

/** `/sign-up?flow=…` with the chosen amount and term when there is one. */
export function signUpHref(flowKey: string, loan?: { amount: number; term: number }): string {
  const query = new URLSearchParams({ flow: flowKey });
  if (loan) {
    query.set("amount", String(loan.amount));
    query.set("term", String(loan.term));
  }
  return `/sign-up?${query.toString()}`;
}
