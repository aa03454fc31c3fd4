import type { PGlite } from "@electric-sql/pglite";
import type { Db as JobDb } from "pg-boss";

/**
 * pg-boss's database adapter for the embedded PGlite, which is ONE connection shared with every
 * request of the app.
 *
 * - Parameterised text is one statement: `query()`.
 * - Parameterless text may be several statements (pg-boss's schema creation, its `BEGIN; SET LOCAL
 *   …; SELECT pg_advisory_xact_lock(…); … RETURNING …; COMMIT` blocks): `exec()`, which returns one
 *   result per statement. pg-boss expects what node-postgres gives for such text, so the rows of
 *   EVERY statement are returned, not only the last one's (a trailing COMMIT has none).
 * - That text runs inside PGlite's `transaction()`, which holds PGlite's lock until it ends: when
 *   a statement of the block fails, the ROLLBACK happens before any other query may run. A plain
 *   `exec()` followed by a separate ROLLBACK (pg-boss's own `fromPglite`) leaves a gap in which an
 *   app query lands in the aborted transaction and fails ("current transaction is aborted"),
 *   which pglite-job-database.test.ts shows. The block's own BEGIN/COMMIT inside it only warn.
 * - LISTEN/NOTIFY works in-process, so workers are woken as soon as a job is sent.
 */
export function pgliteJobDatabase(pglite: PGlite): JobDb {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return pglite.query(text, values);
      const results = await pglite.transaction((tx) => tx.exec(text));
      return { rows: results.flatMap((result) => result.rows) };
    },
    async listen(channel: string, onNotification: (payload: string) => void, onReconnect: () => void) {
      const unsubscribe = await pglite.listen(channel, onNotification);
      onReconnect();
      return { close: () => unsubscribe() };
    },
  };
}
