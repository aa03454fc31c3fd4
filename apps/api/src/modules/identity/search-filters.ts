import type { searchFilter } from "@pinjaman/contracts/identity";
import { t } from "@pinjaman/i18n";
import { eq, ilike, inArray, isNotNull, isNull, type AnyColumn, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { FieldErrors } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/account";

export type SearchFilter = z.infer<typeof searchFilter>;
export type SearchOp = SearchFilter["op"];

/** What a search may filter on: a column and the operators allowed on it. */
export type SearchableFields = Record<string, { column: AnyColumn; ops: readonly SearchOp[] }>;

/** `%`, `_` and `\` match themselves in a contains/starts_with value. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The SQL conditions of a search body's filters (spec section 7: {field, op, value}). An unknown
 * field, an operator the field does not allow or a missing text value is a 400 with a message on
 * that filter's entry (`filters.0.field`, `filters.0.op`, `filters.0.value`).
 */
export function searchConditions(filters: readonly SearchFilter[], fields: SearchableFields): SQL[] {
  const errors: Record<string, string[]> = {};
  const conditions: SQL[] = [];
  filters.forEach((filter, i) => {
    const spec = Object.hasOwn(fields, filter.field) ? fields[filter.field] : undefined;
    if (!spec) {
      errors[`filters.${i}.field`] = [t("account.search.unknown_field")];
      return;
    }
    if (!spec.ops.includes(filter.op)) {
      errors[`filters.${i}.op`] = [t("account.search.unsupported_op", { field: filter.field })];
      return;
    }
    if (filter.op === "empty") return void conditions.push(isNull(spec.column));
    if (filter.op === "present") return void conditions.push(isNotNull(spec.column));
    if (filter.op === "in") {
      if (!Array.isArray(filter.value) || filter.value.length === 0) {
        errors[`filters.${i}.value`] = [t("account.search.value_required")];
        return;
      }
      return void conditions.push(inArray(spec.column, filter.value));
    }
    if (typeof filter.value !== "string" || filter.value.length === 0) {
      errors[`filters.${i}.value`] = [t("account.search.value_required")];
      return;
    }
    if (filter.op === "equals") conditions.push(eq(spec.column, filter.value));
    else if (filter.op === "contains") conditions.push(ilike(spec.column, `%${escapeLike(filter.value)}%`));
    else if (filter.op === "starts_with") conditions.push(ilike(spec.column, `${escapeLike(filter.value)}%`));
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors, 400);
  return conditions;
}

/** One page of a `?page=` search (spec section 7) and where it stands in the whole result. */
export type SearchPage<T> = { rows: T[]; meta: { page: number; per_page: number; total: number } };

/**
 * Runs a paged search: `rows(limit, offset)` for page `page` (1-based) of `perPage`, and
 * `total()` counting every match of the same conditions, side by side.
 */
export async function searchPage<T>(
  page: number,
  perPage: number,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<{ n: number }[]>,
): Promise<SearchPage<T>> {
  const [found, [counted]] = await Promise.all([rows(perPage, (page - 1) * perPage), total()]);
  return { rows: found, meta: { page, per_page: perPage, total: counted?.n ?? 0 } };
}
