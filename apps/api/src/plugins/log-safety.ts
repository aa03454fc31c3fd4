import type { FastifyRequest } from "fastify";
import type { AccessRule } from "./access.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** How the logs show a path no API route answers: by the site's page patterns (set by mountWeb). */
    loggablePagePath?: (path: string) => string;
  }
}

/**
 * What the logs may hold of a request and of an error: no secrets (a company key in a query
 * string, codes, tokens) and no personal data (query parameters, bodies, the values a failed
 * query was given). Used as the logger's `req` and `err` serializers, so every log line that
 * names a request or an error goes through here.
 */

/** The URL with its query values dropped: `/tkb.php?key=…` is logged as `/tkb.php?key`. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const names = url
    .slice(mark + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split("=")[0]!;
      try {
        return decodeURIComponent(name);
      } catch {
        return name;
      }
    });
  return `${url.slice(0, mark)}?${names.join("&")}`;
}

/**
 * The path parameters a route's rule checks against the caller (an owner's ids, a partner's): a
 * reader of the logs can open nothing with them. Every other parameter may be a bearer secret (a
 * password-reset token, an anonymous holder's flow progress, a purchase, a login in progress) and
 * is logged by its name only.
 */
function checkedParams(access: AccessRule | undefined): string[] {
  if (access?.kind === "owner") return access.ids.filter((id) => id.in === "params").map((id) => id.name);
  if (access?.kind === "partner") return (access.partnerIds ?? []).map((id) => id.name);
  return [];
}

/**
 * A path as its route pattern shows it: `/pub_api/v1/open/purchases/:id`, with the values of the
 * checked parameters kept (`/app_api/v1/accounts/3f…/balance`). A path no route matched is kept.
 */
export function patternPath(path: string, pattern: string | undefined, kept: readonly string[]): string {
  if (!pattern) return path;
  const actual = path.split("/");
  const segments = pattern.split("/");
  if (actual.length !== segments.length) return pattern;
  return segments.map((segment, i) => (segment.startsWith(":") && !kept.includes(segment.slice(1)) ? segment : actual[i])).join("/");
}

/**
 * The URL a request is logged with: an API route's path by its pattern; any other path (a page, a
 * file, a URL refused before routing such as a password link with a broken percent-encoding) by
 * the site's page patterns; the query by parameter names.
 */
export function loggableRequestUrl(request: FastifyRequest): string {
  const mark = request.url.indexOf("?");
  const path = mark < 0 ? request.url : request.url.slice(0, mark);
  const query = mark < 0 ? "" : request.url.slice(mark);
  const access = request.routeOptions?.config?.access;
  const pages = request.server?.loggablePagePath;
  const shown = access ? patternPath(path, request.routeOptions.url, checkedParams(access)) : pages ? pages(path) : path;
  return loggableUrl(`${shown}${query}`);
}

type PageRoute = { path?: string; parentId?: string };

/** Every page's full path pattern from the site's route manifest (`reset-password/:token?`), the splat left out. */
export function pagePatterns(routes: Record<string, PageRoute | undefined>): string[] {
  const full = (route: PageRoute | undefined): string => {
    if (!route) return "";
    const parent = full(route.parentId ? routes[route.parentId] : undefined);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const patterns = Object.values(routes).map(full).filter((pattern) => pattern !== "" && !pattern.endsWith("*"));
  return [...new Set(patterns)];
}

const paramCount = (segments: string[]) => segments.filter((s) => s.startsWith(":")).length;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * How the site's pages are logged: the page's pattern with every parameter by its name
 * (`/reset-password/:token`, its data request `/reset-password/:token.data`), matched as React
 * Router matches (case-insensitive, optional last parameters, a page without parameters first).
 * A path no page matches (the not-found page) is kept.
 */
export function loggablePagePath(patterns: readonly string[]): (path: string) => string {
  const compiled = patterns.map((pattern) => pattern.split("/").filter(Boolean)).sort((a, b) => paramCount(a) - paramCount(b));
  return (path) => {
    const suffix = path.endsWith(".data") ? ".data" : "";
    const segments = path.slice(0, path.length - suffix.length).split("/").filter(Boolean);
    const page = compiled.find((pattern) => {
      const required = pattern.filter((s) => !s.endsWith("?")).length;
      if (segments.length > pattern.length || segments.length < required) return false;
      return segments.every((segment, i) => pattern[i]!.startsWith(":") || decoded(segment) === pattern[i]!.toLowerCase());
    });
    if (!page) return path;
    return `/${segments.map((segment, i) => (page[i]!.startsWith(":") ? page[i]!.replace(/\?$/, "") : segment)).join("/")}${suffix}`;
  };
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableRequestUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  /** SQL state (23505) or Node's error code. */
  code?: string;
  constraint?: string;
  table?: string;
  cause?: LoggedError;
};

/**
 * An error as it may be logged: its type, a message without the parameters of a failed query,
 * the SQL state, the constraint and the stack frames. A database error's `detail` (which repeats
 * the offending values: "Key (email)=(…) already exists") and a failed query's `params` are left out.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "a non-Error value was thrown", stack: "" };
  const fields = error as Error & { code?: unknown; constraint?: unknown; table?: unknown };
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"; PostgreSQL's
  // 'invalid input syntax for type uuid: "<value>"' quotes the value it refused.
  let message = error.message.split("\nparams:")[0]!;
  if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code)) message = message.replace(/: ".*"$/s, ': "…"');
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
    ...(typeof fields.code === "string" ? { code: fields.code } : {}),
    ...(typeof fields.constraint === "string" ? { constraint: fields.constraint } : {}),
    ...(typeof fields.table === "string" ? { table: fields.table } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}
