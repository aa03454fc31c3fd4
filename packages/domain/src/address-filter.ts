/**
 * Address dropdown chain and autocomplete filters (spec sections 3, 4 and 5).
 */

export const ADDRESS_TYPES = ["region", "city", "district", "subdistrict", "postal_code"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The parent values each address field needs before it can be searched or chosen. */
export const ADDRESS_PARENTS: Readonly<Record<AddressType, readonly AddressType[]>> = {
  region: [],
  city: ["region"],
  district: ["city"],
  subdistrict: ["city", "district"],
  postal_code: ["city", "district", "subdistrict"],
};

/** Queries shorter than this use starts_with; this long or longer use contains. */
export const ADDRESS_SEARCH_SWITCH_LENGTH = 4;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 350;

export type AddressFilterOp = "starts_with" | "contains" | "equals";

export interface AddressFilter {
  field: string;
  op: AddressFilterOp;
  value: string;
}

export type AddressValues = Partial<Record<AddressType, string | null>>;

/** The text operator for a trimmed query: starts_with under 4 characters, contains from 4. */
export function addressTextOp(text: string): "starts_with" | "contains" {
  return text.length < ADDRESS_SEARCH_SWITCH_LENGTH ? "starts_with" : "contains";
}

function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === "";
}

/**
 * Filters for POST country_addresses/autocomplete: a text filter on the field itself
 * (starts_with under 4 characters, contains from 4; none for an empty query) plus one equals
 * filter per filled parent that the type needs, in chain order. Values are trimmed.
 */
export function buildAddressFilters(
  type: AddressType,
  query: string,
  parents: AddressValues,
): AddressFilter[] {
  const filters: AddressFilter[] = [];
  const text = query.trim();
  if (text !== "") {
    filters.push({ field: type, op: addressTextOp(text), value: text });
  }
  for (const parent of ADDRESS_PARENTS[type]) {
    const value = parents[parent];
    if (!isBlank(value)) filters.push({ field: parent, op: "equals", value: (value ?? "").trim() });
  }
  return filters;
}

export interface AddressFieldOptions {
  readOnly?: boolean;
  /** When true, a blank string counts as a chosen value; only a missing value is empty. */
  allowBlank?: boolean;
}

/**
 * A dependent field is disabled while it is read-only or any required parent is empty
 * (blank counts as empty unless blanks are allowed). A disabled field's value is cleared by
 * the caller.
 */
export function isAddressFieldDisabled(
  type: AddressType,
  values: AddressValues,
  { readOnly = false, allowBlank = false }: AddressFieldOptions = {},
): boolean {
  if (readOnly) return true;
  return ADDRESS_PARENTS[type].some((parent) => {
    const value = values[parent];
    return allowBlank ? value === undefined || value === null : isBlank(value);
  });
}

/** Fields that need `type`, directly or through the chain: they clear when it changes. */
export function addressDependents(type: AddressType): AddressType[] {
  const dependents = new Set<AddressType>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const candidate of ADDRESS_TYPES) {
      if (dependents.has(candidate)) continue;
      const parents = ADDRESS_PARENTS[candidate];
      if (parents.includes(type) || parents.some((p) => dependents.has(p))) {
        dependents.add(candidate);
        grew = true;
      }
    }
  }
  return ADDRESS_TYPES.filter((candidate) => dependents.has(candidate));
}
