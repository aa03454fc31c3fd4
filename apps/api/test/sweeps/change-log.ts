import type { Db } from "@pinjaman/db";
import { sql } from "drizzle-orm";

/**
 * Test-only instrumentation of a scratch database: a row trigger on every table writes what a
 * statement changed into `sweep_changes`, so each refused request can be checked on its own
 * (cheaper and stricter than comparing row counts: updates count too).
 */
export async function installChangeLog(db: Db): Promise<void> {
  await db.execute(sql.raw(`create table sweep_changes (id bigserial primary key, table_name text not null, op text not null, at float8 not null)`));
  await db.execute(sql.raw(`
    create function sweep_log_change() returns trigger language plpgsql as $$
    begin
      insert into sweep_changes (table_name, op, at) values (TG_TABLE_NAME, TG_OP, extract(epoch from clock_timestamp()) * 1000);
      return null;
    end $$;
  `));
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sweep_changes'`,
  )) as unknown as { rows: { table_name: string }[] };
  for (const { table_name } of tables.rows) {
    await db.execute(
      sql.raw(`create trigger sweep_change after insert or update or delete on "${table_name}" for each row execute function sweep_log_change()`),
    );
  }
}

/** One changed row: its table, the operation and when (epoch milliseconds, the database's clock). */
export type Change = { table: string; op: string; at: number };

/** Changes since the last call (the log is emptied). */
export async function takeChanges(db: Db): Promise<Change[]> {
  const result = (await db.execute(sql`delete from sweep_changes returning table_name, op, at`)) as unknown as {
    rows: { table_name: string; op: string; at: number }[];
  };
  return result.rows.map((r) => ({ table: r.table_name, op: r.op, at: Number(r.at) }));
}
