import type { AddressAutocompleteRequest, AddressItem } from "@pinjaman/contracts/addresses";
import type { Db } from "@pinjaman/db";
import { addressCities, addressDistricts, addressRegions, addressSubdistricts } from "@pinjaman/db/address-schema";
import { parseAreaQuery } from "@pinjaman/domain/address-aliases";
import { ADDRESS_PARENTS, ADDRESS_TYPES, type AddressType } from "@pinjaman/domain/address-filter";
import { t } from "@pinjaman/i18n";
import { and, asc, eq, ilike, inArray, isNotNull, like, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { FieldErrors } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/address";

/** At most this many choices per answer (spec section 7). */
export const ADDRESS_RESULT_LIMIT = 50;

const LEVEL: Record<AddressType, number> = { region: 0, city: 1, district: 2, subdistrict: 3, postal_code: 4 };

/** The one parent a code must sit under (the chain is checked link by link). */
const DIRECT_PARENT: Partial<Record<AddressType, AddressType>> = {
  city: "region",
  district: "city",
  subdistrict: "district",
  postal_code: "subdistrict",
};

/** `%`, `_` and `\` match themselves in a starts_with/contains value. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The columns holding each level's code in the query of one type: the type's own table joined to
 * its ancestors, so an equals filter on any ancestor is one comparison.
 */
function codeColumns(type: AddressType): Partial<Record<AddressType, AnyColumn>> {
  switch (type) {
    case "region":
      return { region: addressRegions.code };
    case "city":
      return { region: addressCities.regionCode, city: addressCities.code };
    case "district":
      return { region: addressCities.regionCode, city: addressDistricts.cityCode, district: addressDistricts.code };
    case "subdistrict":
    case "postal_code":
      return {
        region: addressCities.regionCode,
        city: addressDistricts.cityCode,
        district: addressSubdistricts.districtCode,
        subdistrict: addressSubdistricts.code,
        postal_code: addressSubdistricts.postalCode,
      };
  }
}

/**
 * A name matches starts_with when it or one of its words starts with the text, so "Ban" finds
 * "Kota Bandung": regency names all begin with "Kabupaten"/"Kota", which would make a plain
 * prefix useless under the 4 characters that use starts_with. Postal codes match on the digits.
 */
function textCondition(type: AddressType, column: AnyColumn, op: "starts_with" | "contains", value: string): SQL {
  const text = escapeLike(value);
  if (type === "postal_code") return like(column, op === "contains" ? `%${text}%` : `${text}%`);
  if (op === "contains") return ilike(column, `%${text}%`);
  return or(ilike(column, `${text}%`), ilike(column, `% ${text}%`)) as SQL;
}

/**
 * A text filter on the type's own name: the name as typed, or as typed without its prefix
 * ("Kab. Bandung" finds only Kabupaten Bandung…), or a place known by an everyday name starting
 * with the text ("dki", "Jabar", "Jaksel"); the aliases are data in packages/domain.
 */
function nameCondition(type: AddressType, nameColumn: AnyColumn, codeColumn: AnyColumn, op: "starts_with" | "contains", value: string): SQL {
  const { withoutPrefix, kind, aliasCodes } = parseAreaQuery(type, value);
  const alternatives = [textCondition(type, nameColumn, op, value)];
  if (withoutPrefix) {
    const rest = textCondition(type, nameColumn, withoutPrefix.op, withoutPrefix.value);
    alternatives.push(kind ? (and(rest, ilike(nameColumn, `${kind} %`)) as SQL) : rest);
  }
  if (aliasCodes.length > 0) alternatives.push(inArray(codeColumn, aliasCodes));
  return or(...alternatives) as SQL;
}

/**
 * Choices for POST country_addresses/autocomplete. A filter on a field that is neither the type
 * nor one of its ancestors, or a text operator on an ancestor, is a 400 on that filter; a type
 * whose required parents (ADDRESS_PARENTS) have no equals filter answers no choices, as the
 * field is disabled then. Labels are the names as published by Kemendagri (idn-area-data 4.x
 * already spells them in mixed case: "Jawa Barat", "Kota Bandung"); for postal_code the digits.
 */
export async function autocompleteAddresses(db: Db, { type, filters }: AddressAutocompleteRequest): Promise<AddressItem[]> {
  const errors: Record<string, string[]> = {};
  const columns = codeColumns(type);
  const conditions: SQL[] = [];
  const nameColumn = {
    region: addressRegions.name,
    city: addressCities.name,
    district: addressDistricts.name,
    subdistrict: addressSubdistricts.name,
    postal_code: addressSubdistricts.postalCode,
  }[type];
  const given = new Set<AddressType>();
  filters.forEach((filter, i) => {
    const column = columns[filter.field];
    if (LEVEL[filter.field] > LEVEL[type] || !column) {
      errors[`filters.${i}.field`] = [t("address.search.unrelated_field")];
      return;
    }
    if (filter.op === "equals") {
      conditions.push(eq(column, filter.value));
      given.add(filter.field);
    } else if (filter.field !== type) {
      errors[`filters.${i}.op`] = [t("address.search.parent_needs_equals")];
    } else {
      conditions.push(nameCondition(type, nameColumn, column, filter.op, filter.value));
    }
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors, 400);
  if (ADDRESS_PARENTS[type].some((parent) => !given.has(parent))) return [];

  // Byte order of the lower-cased label: the same on PostgreSQL and PGlite whatever their locale.
  const byLabel = (column: AnyColumn) => [asc(sql`lower(${column}) collate "C"`)];
  const where = and(...conditions);
  switch (type) {
    case "region": {
      const rows = await db
        .select({ value: addressRegions.code, label: addressRegions.name })
        .from(addressRegions)
        .where(where)
        .orderBy(...byLabel(addressRegions.name), asc(addressRegions.code))
        .limit(ADDRESS_RESULT_LIMIT);
      return rows.map((r) => ({ field: type, ...r }));
    }
    case "city": {
      const rows = await db
        .select({ value: addressCities.code, label: addressCities.name })
        .from(addressCities)
        .where(where)
        .orderBy(...byLabel(addressCities.name), asc(addressCities.code))
        .limit(ADDRESS_RESULT_LIMIT);
      return rows.map((r) => ({ field: type, ...r }));
    }
    case "district": {
      const rows = await db
        .select({ value: addressDistricts.code, label: addressDistricts.name })
        .from(addressDistricts)
        .innerJoin(addressCities, eq(addressCities.code, addressDistricts.cityCode))
        .where(where)
        .orderBy(...byLabel(addressDistricts.name), asc(addressDistricts.code))
        .limit(ADDRESS_RESULT_LIMIT);
      return rows.map((r) => ({ field: type, ...r }));
    }
    case "subdistrict": {
      const rows = await db
        .select({ value: addressSubdistricts.code, label: addressSubdistricts.name })
        .from(addressSubdistricts)
        .innerJoin(addressDistricts, eq(addressDistricts.code, addressSubdistricts.districtCode))
        .innerJoin(addressCities, eq(addressCities.code, addressDistricts.cityCode))
        .where(where)
        .orderBy(...byLabel(addressSubdistricts.name), asc(addressSubdistricts.code))
        .limit(ADDRESS_RESULT_LIMIT);
      return rows.map((r) => ({ field: type, ...r }));
    }
    case "postal_code": {
      const rows = await db
        .selectDistinct({ code: addressSubdistricts.postalCode })
        .from(addressSubdistricts)
        .innerJoin(addressDistricts, eq(addressDistricts.code, addressSubdistricts.districtCode))
        .innerJoin(addressCities, eq(addressCities.code, addressDistricts.cityCode))
        .where(and(where, isNotNull(addressSubdistricts.postalCode)))
        .orderBy(asc(addressSubdistricts.postalCode))
        .limit(ADDRESS_RESULT_LIMIT);
      return rows.map((r) => ({ field: type, value: r.code ?? "", label: r.code ?? "" }));
    }
  }
}

export type AddressCheck = {
  /** Indonesian messages per field; empty when every filled value is valid. */
  errors: Partial<Record<AddressType, string[]>>;
  /** The shown name of every valid filled value (postal_code: its digits). */
  labels: Partial<Record<AddressType, string>>;
};

type Area = { name: string; parent: string | null; postalCode?: string | null };

function filled(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

async function findArea(db: Db, type: Exclude<AddressType, "postal_code">, code: string): Promise<Area | undefined> {
  switch (type) {
    case "region":
      return (await db.select({ name: addressRegions.name }).from(addressRegions).where(eq(addressRegions.code, code)))
        .map((r) => ({ ...r, parent: null }))[0];
    case "city":
      return (
        await db.select({ name: addressCities.name, parent: addressCities.regionCode }).from(addressCities).where(eq(addressCities.code, code))
      )[0];
    case "district":
      return (
        await db
          .select({ name: addressDistricts.name, parent: addressDistricts.cityCode })
          .from(addressDistricts)
          .where(eq(addressDistricts.code, code))
      )[0];
    case "subdistrict":
      return (
        await db
          .select({ name: addressSubdistricts.name, parent: addressSubdistricts.districtCode, postalCode: addressSubdistricts.postalCode })
          .from(addressSubdistricts)
          .where(eq(addressSubdistricts.code, code))
      )[0];
  }
}

const POSTAL_CODE = /^\d{5}$/;

/**
 * The flow engine's check of a submitted address (spec sections 3–5): every filled code must
 * exist and sit under its parent (city in the region, district in the city, village in the
 * district), and a filled field needs its required parents (ADDRESS_PARENTS). A postal code must
 * be the village's imported one when it has one, else any 5 digits. A child of a refused parent
 * is not compared with it again (one message, on the parent). Blank values are not checked:
 * whether a field is required is the flow's rule.
 */
export async function checkAddressValues(db: Db, values: Partial<Record<AddressType, string | null>>): Promise<AddressCheck> {
  const errors: Partial<Record<AddressType, string[]>> = {};
  const labels: Partial<Record<AddressType, string>> = {};
  const areas: Partial<Record<AddressType, Area>> = {};
  const fail = (type: AddressType, message: string) => (errors[type] ??= []).push(message);

  for (const type of ADDRESS_TYPES) {
    const raw = values[type];
    if (!filled(raw)) continue;
    const value = raw.trim();
    if (ADDRESS_PARENTS[type].some((parent) => !filled(values[parent]))) {
      fail(type, t(`address.check.parent_missing.${type}`));
      continue;
    }
    const parentType = DIRECT_PARENT[type];
    const parentArea = parentType ? areas[parentType] : undefined;
    const parentValid = parentType !== undefined && parentArea !== undefined && errors[parentType] === undefined;

    if (type === "postal_code") {
      if (!POSTAL_CODE.test(value)) fail(type, t("address.check.postal_code_format"));
      else if (parentValid && parentArea.postalCode && parentArea.postalCode !== value) {
        fail(type, t("address.check.postal_code_mismatch", { postal_code: parentArea.postalCode }));
      } else labels[type] = value;
      continue;
    }

    const area = await findArea(db, type, value);
    if (!area) {
      fail(type, t(`address.check.unknown.${type}`));
      continue;
    }
    areas[type] = area;
    if (parentType && parentValid && area.parent !== values[parentType]?.trim()) {
      fail(type, t(`address.check.wrong_parent.${type}`));
      continue;
    }
    labels[type] = area.name;
  }
  return { errors, labels };
}
