import { t } from "@pinjaman/i18n";
import type { FastifyInstance } from "fastify";
import { FieldErrors } from "./errors.ts";
import "@pinjaman/i18n/ns/api";

/** NUL, which PostgreSQL text cannot hold, or a UTF-16 surrogate without its pair. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A field path as the site shows it: no `data` envelope, unstorable characters made visible. */
function fieldName(path: readonly string[]): string {
  const shown = path[0] === "data" && path.length > 1 ? path.slice(1) : path;
  return shown.map((part) => part.replace(new RegExp(UNSTORABLE.source, "g"), "\uFFFD")).join(".") || "_";
}

/** A place in a value: its key and the place holding it (paths are built only for a finding). */
type Place = { key: string; parent: Place | null };

function pathOf(place: Place | null): string[] {
  const path: string[] = [];
  for (let p = place; p; p = p.parent) path.push(p.key);
  return path.reverse();
}

/**
 * Paths of every string (or object key) in a parsed value that the database could not store.
 * Iterative and linear in the value's size, so a deeply nested body costs no more than a flat one.
 */
export function unstorableTextPaths(root: unknown): string[][] {
  const found: string[][] = [];
  const pending: [unknown, Place | null][] = [[root, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, place] = next;
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) found.push(pathOf(place));
    } else if (value !== null && typeof value === "object") {
      const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
      for (const [key, child] of entries) {
        const at = { key, parent: place };
        if (UNSTORABLE.test(key)) found.push(pathOf(at));
        else pending.push([child, at]);
      }
    }
  }
  return found;
}

/**
 * Text with NUL or a lone surrogate is refused at the edge (400, a message per field) for every
 * API route, in the path, the query and a parsed body alike, before validation and before any service
 * could hand it to the database. Multipart parts are read by their routes, which check theirs.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    // API routes all declare a schema; the site's pages read their own query.
    if (!request.routeOptions.schema) return;
    const paths = [
      ...unstorableTextPaths(request.params),
      ...unstorableTextPaths(request.query),
      ...unstorableTextPaths(request.body),
    ];
    if (paths.length === 0) return;
    const message = t("api.field.unstorable_text");
    throw new FieldErrors(Object.fromEntries(paths.map((p) => [fieldName(p), [message]])));
  });
}
