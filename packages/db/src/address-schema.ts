import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Kemendagri 2025 administrative areas (idn-area-data 4.0.1), loaded once at start. Codes are the
 * dotted Kemendagri codes ("11", "11.01", "11.01.01", "11.01.01.2001"); a child's code starts with
 * its parent's. Names are kept as published (mixed case: "Jawa Barat", "Kota Bandung").
 */
export const addressRegions = pgTable("address_regions", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
});

export const addressCities = pgTable(
  "address_cities",
  {
    code: text("code").primaryKey(),
    regionCode: text("region_code")
      .notNull()
      .references(() => addressRegions.code),
    name: text("name").notNull(),
  },
  (t) => [index("address_cities_region").on(t.regionCode)],
);

export const addressDistricts = pgTable(
  "address_districts",
  {
    code: text("code").primaryKey(),
    cityCode: text("city_code")
      .notNull()
      .references(() => addressCities.code),
    name: text("name").notNull(),
  },
  (t) => [index("address_districts_city").on(t.cityCode)],
);

/** Villages (kelurahan/desa); postal_code is filled by the postal-code import. */
export const addressSubdistricts = pgTable(
  "address_subdistricts",
  {
    code: text("code").primaryKey(),
    districtCode: text("district_code")
      .notNull()
      .references(() => addressDistricts.code),
    name: text("name").notNull(),
    postalCode: text("postal_code"),
  },
  (t) => [index("address_subdistricts_district").on(t.districtCode), index("address_subdistricts_postal_code").on(t.postalCode)],
);
