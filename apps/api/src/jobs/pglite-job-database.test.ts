import { PGlite } from "@electric-sql/pglite";
import { PgBoss } from "pg-boss";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteJobDatabase } from "./pglite-job-database.ts";

describe("pg-boss's adapter for the embedded PGlite", () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create("memory://");
  });
  afterAll(() => pglite.close());

  it("returns the rows of every statement of a multi-statement text, as node-postgres does", async () => {
    const db = pgliteJobDatabase(pglite);
    const result = await db.executeSql("BEGIN; SELECT 1 AS first; SELECT 2 AS second UNION ALL SELECT 3; COMMIT;");
    expect(result.rows).toEqual([{ first: 1 }, { second: 2 }, { second: 3 }]);
  });

  it("runs parameterised text as one statement with its values", async () => {
    const db = pgliteJobDatabase(pglite);
    expect((await db.executeSql("SELECT $1::int + $2::int AS sum", [40, 2])).rows).toEqual([{ sum: 42 }]);
  });

  it("a failing block is rolled back before any other query runs on the shared connection", async () => {
    const db = pgliteJobDatabase(pglite);
    await pglite.exec("CREATE TABLE kept (n int)");
    const failing = db.executeSql("BEGIN; INSERT INTO kept VALUES (1); SELECT 1 / 0; COMMIT;");
    // An app query queued behind the block, as a request would be.
    const app = pglite.query<{ n: number }>("SELECT count(*)::int AS n FROM kept");
    await expect(failing).rejects.toThrow("division by zero");
    expect((await app).rows).toEqual([{ n: 0 }]);
    expect((await pglite.query("SELECT 1 AS ok")).rows).toEqual([{ ok: 1 }]);
  });

  // Its own limit above the 60 s the jobs are waited for (the project's 30 s cut a slow CI run short).
  it("pg-boss creates its schema and works 500 jobs through it", { timeout: 120_000 }, async () => {
    const boss = new PgBoss({ db: pgliteJobDatabase(pglite), backend: "pglite", schedule: false });
    await boss.start();
    try {
      await boss.createQueue("adapter-test");
      const seen = new Set<number>();
      await boss.work<{ i: number }>("adapter-test", { batchSize: 50, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) seen.add(job.data.i);
      });
      await boss.insert("adapter-test", Array.from({ length: 500 }, (_, i) => ({ data: { i } })));
      const end = Date.now() + 60_000;
      while (seen.size < 500 && Date.now() < end) await sleep(100);
      expect(seen.size).toBe(500);
      const tables = await pglite.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'pgboss' AND table_name = 'job'");
      expect(tables.rows).toEqual([{ n: 1 }]);
    } finally {
      await boss.stop({ graceful: true, close: true, timeout: 2000 });
    }
  });
});
