import type { FastifyRequest } from "fastify";

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

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
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
