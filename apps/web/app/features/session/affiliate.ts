/**
 * The affiliate code (spec sections 4 and 5): on a client start without a session cookie the
 * query parameter `a` is read; a valid base64 value is decoded and stored, anything else is
 * stored empty. Without `a` the stored code stays, so it still fills the registration's affiliate
 * field after the visitor reloads or browses on.
 */

export const AFFILIATE_KEY = "affiliate";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isBase64(value: string): boolean {
  return value.length > 0 && BASE64.test(value);
}

function decodeBase64(value: string): string {
  const binary = atob(value);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The affiliate code a query string sets: decoded, "" when invalid, null when `a` is absent. */
export function affiliateFromQuery(search: string): string | null {
  const raw = new URLSearchParams(search).get("a");
  if (raw === null) return null;
  // An unencoded "+" of base64 arrives as a space in a query string.
  const value = raw.replace(/ /g, "+");
  if (!isBase64(value)) return "";
  try {
    return decodeBase64(value);
  } catch {
    return "";
  }
}

export function readStoredAffiliate(): string {
  try {
    return window.localStorage.getItem(AFFILIATE_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Applies the query's affiliate code to localStorage and returns the code now in effect. */
export function storeAffiliateFromQuery(search: string): string {
  const fromQuery = affiliateFromQuery(search);
  if (fromQuery === null) return readStoredAffiliate();
  try {
    window.localStorage.setItem(AFFILIATE_KEY, fromQuery);
  } catch {
    // Blocked storage: the code lives in the session state only.
  }
  return fromQuery;
}
