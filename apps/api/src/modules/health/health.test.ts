import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig, testDatabase } from "../../../test/harness.ts";
import { buildApp } from "../../app.ts";

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof testDatabase>>;
let logged = "";

beforeAll(async () => {
  database = await testDatabase();
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => (logged += chunk.toString()));
  app = await buildApp({ db: database.db, config: testConfig({ LOG_LEVEL: "info" }), logStream: stream });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe("health probes", () => {
  it("GET /healthz answers ok, and neither probe appears in the request logs", async () => {
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok" });
    await app.inject({ method: "GET", url: "/tkb.php" });
    expect(logged).toContain("/tkb.php");
    expect(logged).not.toContain("/healthz");
    expect(logged).not.toContain("/readyz");
  });

  it("GET /readyz answers 503 in the error envelope while a migration is not applied, ok again once it is", async () => {
    const latest = (await database.db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { at: string }[];
    };
    const at = latest.rows[0]!.at;
    await database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${at}`);
    const pending = await app.inject({ method: "GET", url: "/readyz" });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ error: { code: "not_ready", message: "Layanan belum siap. Silakan coba lagi sebentar lagi." } });
    await database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${at} where created_at = ${Number(at) - 1}`);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("GET /readyz answers 503 when the readiness query fails", async () => {
    await database.db.execute(sql`alter schema drizzle rename to drizzle_away`);
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("not_ready");
    } finally {
      await database.db.execute(sql`alter schema drizzle_away rename to drizzle`);
    }
  });
});
