import { z } from "zod";
import { addressType } from "./flows.ts";

/**
 * POST pub_api/v1/open/country_addresses/autocomplete (spec sections 3, 5 and 7): the address
 * chain's search. Filters come from the domain rule (`buildAddressFilters`): a text filter on the
 * type itself (starts_with under 4 characters, contains from 4, matched against names; against
 * the digits for postal_code) and an equals filter per filled parent, whose value is the parent's
 * code as stored in the flow ("32", "32.73", "32.73.01", "32.73.01.1001").
 */
export const addressFilter = z.object({
  field: addressType,
  op: z.enum(["starts_with", "contains", "equals"]),
  value: z.string().trim().min(1).max(100),
});

export const addressAutocompleteRequest = z.object({
  type: addressType,
  filters: z.array(addressFilter).max(5).default([]),
});
export type AddressAutocompleteRequest = z.infer<typeof addressAutocompleteRequest>;

/** One choice: `field` is the type it answers, `value` what a flow stores, `label` what is shown. */
export const addressItem = z.object({
  field: addressType,
  value: z.string(),
  label: z.string(),
});
export type AddressItem = z.infer<typeof addressItem>;

/** Items under data.data, ordered by label, at most 50. */
export const addressAutocompleteResponse = z.object({ data: z.object({ data: z.array(addressItem) }) });
export type AddressAutocompleteResponse = z.infer<typeof addressAutocompleteResponse>;
