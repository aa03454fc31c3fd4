import type { AddressAutocompleteResponse } from "@pinjaman/contracts/addresses";
import type { FieldOption, FlowValues } from "@pinjaman/contracts/flows";
import {
  ADDRESS_PARENTS,
  ADDRESS_SEARCH_DEBOUNCE_MS,
  ADDRESS_TYPES,
  addressDependents,
  buildAddressFilters,
  isAddressFieldDisabled,
  type AddressType,
  type AddressValues,
} from "@pinjaman/domain/address-filter";
import { t } from "@pinjaman/i18n";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "../features/shell/api-fetch.ts";
import { DigitsInput } from "./digits-input.tsx";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { withLiveMessage } from "./live-check.ts";
import { SearchDropdown } from "./search-dropdown.tsx";
import "@pinjaman/i18n/ns/media_fields";

export const ADDRESS_AUTOCOMPLETE_URL = "/pub_api/v1/open/country_addresses/autocomplete";

const POSTAL_CODE = /^\d{5}$/;

/**
 * The keys of a chain's fields: the field's own key with its type swapped, so one step can hold
 * two chains ("region" … "postal_code", and "business_region" … "business_postal_code"). A key
 * that does not end in its type uses the bare type names for the others.
 */
export function addressKeys(fieldKey: string, type: AddressType): Record<AddressType, string> {
  const prefix = fieldKey.endsWith(type) ? fieldKey.slice(0, fieldKey.length - type.length) : "";
  return Object.fromEntries(ADDRESS_TYPES.map((other) => [other, `${prefix}${other}`])) as Record<AddressType, string>;
}

function asText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return null;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/**
 * One renderer for the five address levels (field.config.address_type). It reads its parents'
 * codes from the step's values, is disabled and cleared while a required parent is empty or it is
 * read-only (spec section 4), clears its dependents when its own value changes, and searches the
 * server 350 ms after the last keystroke with the domain's filters.
 */
export default function AddressField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const type: AddressType =
    field.config?.address_type ?? ((ADDRESS_TYPES as readonly string[]).includes(field.key) ? (field.key as AddressType) : "region");
  const keys = addressKeys(field.key, type);
  const { values, setValues } = context;
  const parents: AddressValues = {};
  for (const parent of ADDRESS_PARENTS[type]) parents[parent] = asText(values[keys[parent]]);
  const parentsKey = ADDRESS_PARENTS[type].map((parent) => parents[parent] ?? "").join("|");
  const chainDisabled = isAddressFieldDisabled(type, parents, { readOnly: field.readOnly });
  const current = asText(value);

  // Results belong to the parents they were searched under; other parents' results are not shown.
  const [results, setResults] = useState<{ parents: string; options: FieldOption[]; none: boolean }>({ parents: "", options: [], none: false });
  const [loading, setLoading] = useState(false);
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);
  const latest = useRef({ type, parents, parentsKey });
  useEffect(() => {
    latest.current = { type, parents, parentsKey };
  });
  const fresh = results.parents === parentsKey;
  const options = fresh ? results.options : [];
  /** postal_code only: the chosen subdistrict has no codes at all, so a typed one is accepted. */
  const manualPostal = type === "postal_code" && fresh && results.none;

  // Disabled by the chain: the value goes (spec section 4 "When disabled its value is cleared").
  useEffect(() => {
    if (chainDisabled && !isEmpty(value)) onChange(null);
  }, [chainDisabled, value, onChange]);

  function search(query: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      inflight.current?.abort();
      const abort = new AbortController();
      inflight.current = abort;
      const { type: searchType, parents: searchParents, parentsKey: searchedUnder } = latest.current;
      const filters = buildAddressFilters(searchType, query, searchParents);
      setLoading(true);
      apiFetch<AddressAutocompleteResponse>(ADDRESS_AUTOCOMPLETE_URL, {
        method: "POST",
        body: { type: searchType, filters },
        signal: abort.signal,
      })
        .then((response) => {
          if (abort.signal.aborted) return;
          const items = (response?.data?.data ?? []).filter((item) => item.field === searchType);
          setResults((previous) => ({
            parents: searchedUnder,
            options: items.map(({ value: itemValue, label }) => ({ value: itemValue, label })),
            // Nothing at all under these parents (not just no match for the typed text).
            none: query.trim() === "" ? items.length === 0 : previous.parents === searchedUnder && previous.none,
          }));
        })
        .catch((error: unknown) => {
          // Spec section 8: address search failures are not shown.
          if (!abort.signal.aborted) console.warn("address search failed", error);
          if (!abort.signal.aborted) setResults({ parents: searchedUnder, options: [], none: false });
        })
        .finally(() => {
          if (!abort.signal.aborted) setLoading(false);
        });
    }, ADDRESS_SEARCH_DEBOUNCE_MS);
  }

  // Enabled (or its parents changed): list this level's choices under the new parents.
  useEffect(() => {
    if (!chainDisabled) search("");
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      inflight.current?.abort();
    };
    // search reads the latest parents through a ref; parentsKey is what matters.
  }, [chainDisabled, parentsKey]);

  function choose(next: string | null, label: string | null) {
    if ((next ?? null) === (current ?? null)) return;
    setChosenLabel(label);
    onChange(next);
    const cleared: FlowValues = {};
    for (const dependent of addressDependents(type)) cleared[keys[dependent]] = null;
    if (Object.keys(cleared).length > 0) setValues(cleared);
  }

  const savedLabel = field.options?.find((option) => option.value === current)?.label ?? null;
  const locked = disabled || chainDisabled;

  if (type === "postal_code" && manualPostal) {
    const typed = current ?? "";
    const message = typed !== "" && !POSTAL_CODE.test(typed) ? t("media_fields.address.postal_code_invalid") : null;
    return (
      <FieldFrame field={field} errors={withLiveMessage(message, errors)} status={t("media_fields.address.postal_code_manual")}>
        {(a11y) => (
          <DigitsInput
            a11y={a11y}
            name={field.key}
            value={typed}
            maxLength={5}
            pattern="[0-9]{5}"
            autoComplete="postal-code"
            placeholder={field.placeholder}
            disabled={locked}
            required={field.required}
            onDigits={(digits) => choose(digits || null, null)}
          />
        )}
      </FieldFrame>
    );
  }

  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy, invalid }) => (
        <SearchDropdown
          id={id}
          name={field.key}
          options={options}
          value={current}
          filter={false}
          loading={loading}
          selectedLabel={savedLabel ?? chosenLabel}
          disabled={locked}
          required={field.required}
          placeholder={field.placeholder}
          describedBy={describedBy}
          invalid={invalid}
          onQueryChange={search}
          onSelect={(option) => choose(option?.value ?? null, option?.label ?? null)}
        />
      )}
    </FieldFrame>
  );
}
