/** What the database drivers (node-postgres, PGlite) put on an error: the SQLSTATE, the constraint, the message. */
export type DatabaseErrorFields = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/**
 * The driver's error of this SQLSTATE, found in `error` or its causes (drizzle wraps the driver's
 * error as `cause`), or undefined when the error is of another kind.
 */
export function databaseError(error: unknown, sqlstate: string): DatabaseErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const fields = current as DatabaseErrorFields;
    if (fields.code === sqlstate) return fields;
    current = fields.cause;
  }
  return undefined;
}
