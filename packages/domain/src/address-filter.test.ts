import { describe, expect, it } from "vitest";
import {
  ADDRESS_PARENTS,
  ADDRESS_SEARCH_DEBOUNCE_MS,
  ADDRESS_SEARCH_SWITCH_LENGTH,
  ADDRESS_TYPES,
  addressDependents,
  buildAddressFilters,
  isAddressFieldDisabled,
} from "./address-filter.ts";

describe("constants", () => {
  it("match the spec", () => {
    expect(ADDRESS_TYPES).toEqual(["region", "city", "district", "subdistrict", "postal_code"]);
    expect(ADDRESS_PARENTS).toEqual({
      region: [],
      city: ["region"],
      district: ["city"],
      subdistrict: ["city", "district"],
      postal_code: ["city", "district", "subdistrict"],
    });
    expect(ADDRESS_SEARCH_SWITCH_LENGTH).toBe(4);
    expect(ADDRESS_SEARCH_DEBOUNCE_MS).toBe(350);
  });
});

describe("buildAddressFilters", () => {
  it("uses starts_with under 4 characters and contains from 4", () => {
    expect(buildAddressFilters("region", "Jaw", {})).toEqual([{ field: "region", op: "starts_with", value: "Jaw" }]);
    expect(buildAddressFilters("region", "Jawa", {})).toEqual([{ field: "region", op: "contains", value: "Jawa" }]);
  });

  it("adds no text filter for an empty or blank query", () => {
    expect(buildAddressFilters("region", "", {})).toEqual([]);
    expect(buildAddressFilters("region", "   ", {})).toEqual([]);
  });

  it("measures the trimmed query", () => {
    expect(buildAddressFilters("city", "  Bog  ", {})).toEqual([{ field: "city", op: "starts_with", value: "Bog" }]);
  });

  it("adds one equals filter per filled required parent", () => {
    expect(
      buildAddressFilters("postal_code", "161", {
        region: "JAWA BARAT",
        city: "KABUPATEN BOGOR",
        district: "CIBINONG",
        subdistrict: "PAKANSARI",
      }),
    ).toEqual([
      { field: "postal_code", op: "starts_with", value: "161" },
      { field: "city", op: "equals", value: "KABUPATEN BOGOR" },
      { field: "district", op: "equals", value: "CIBINONG" },
      { field: "subdistrict", op: "equals", value: "PAKANSARI" },
    ]);
  });

  it("skips blank parents and parents the type does not need", () => {
    expect(
      buildAddressFilters("subdistrict", "", { region: "JAWA BARAT", city: "KOTA BOGOR", district: " " }),
    ).toEqual([{ field: "city", op: "equals", value: "KOTA BOGOR" }]);
    expect(buildAddressFilters("district", "Cibi", { region: "JAWA BARAT", city: null })).toEqual([
      { field: "district", op: "contains", value: "Cibi" },
    ]);
  });
});

describe("isAddressFieldDisabled", () => {
  it("never disables region unless read-only", () => {
    expect(isAddressFieldDisabled("region", {})).toBe(false);
    expect(isAddressFieldDisabled("region", {}, { readOnly: true })).toBe(true);
  });

  it("disables while a required parent is empty", () => {
    expect(isAddressFieldDisabled("city", {})).toBe(true);
    expect(isAddressFieldDisabled("city", { region: "JAWA BARAT" })).toBe(false);
    expect(isAddressFieldDisabled("subdistrict", { city: "KOTA BOGOR" })).toBe(true);
    expect(isAddressFieldDisabled("subdistrict", { city: "KOTA BOGOR", district: "BOGOR TENGAH" })).toBe(false);
    expect(isAddressFieldDisabled("postal_code", { city: "A", district: "B" })).toBe(true);
    expect(isAddressFieldDisabled("postal_code", { city: "A", district: "B", subdistrict: "C" })).toBe(false);
  });

  it("counts blank as empty unless blanks are allowed", () => {
    expect(isAddressFieldDisabled("city", { region: "" })).toBe(true);
    expect(isAddressFieldDisabled("city", { region: "  " })).toBe(true);
    expect(isAddressFieldDisabled("city", { region: "" }, { allowBlank: true })).toBe(false);
    expect(isAddressFieldDisabled("city", { region: null }, { allowBlank: true })).toBe(true);
    expect(isAddressFieldDisabled("city", {}, { allowBlank: true })).toBe(true);
  });

  it("disables a read-only field even with parents filled", () => {
    expect(isAddressFieldDisabled("city", { region: "JAWA BARAT" }, { readOnly: true })).toBe(true);
  });
});

describe("addressDependents", () => {
  it("lists every field below in the chain", () => {
    expect(addressDependents("region")).toEqual(["city", "district", "subdistrict", "postal_code"]);
    expect(addressDependents("city")).toEqual(["district", "subdistrict", "postal_code"]);
    expect(addressDependents("subdistrict")).toEqual(["postal_code"]);
    expect(addressDependents("postal_code")).toEqual([]);
  });
});
