import type { AddressType } from "../address-filter.ts";

/**
 * Code shapes of the address chain (Kemendagri codes, dotted per level; postal codes 5 digits).
 * Whether a code exists, and belongs to its parent, is checked by the server against the data.
 */
export const ADDRESS_CODE_PATTERNS: Readonly<Record<AddressType, RegExp>> = {
  region: /^\d{2}$/,
  city: /^\d{2}\.\d{2}$/,
  district: /^\d{2}\.\d{2}\.\d{2}$/,
  subdistrict: /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/,
  postal_code: /^\d{5}$/,
};

export function isAddressCodeShape(type: AddressType, code: string): boolean {
  return ADDRESS_CODE_PATTERNS[type].test(code);
}
