import { migrationsApplied, openDb } from "@pinjaman/db";
import { createScratchDatabase } from "@pinjaman/db/scratch-database";
import { describe, expect, it } from "vitest";

/**
 * Two or more instances behind a proxy start together on one PostgreSQL database after a deploy:
 * every one runs the migrations at start (main.ts). They must all start, the schema once.
 */
describe("migrations run by several instances at once (PostgreSQL)", () => {
  it("apply once while the others wait, and every instance starts", async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "pinjaman_migrate");
    const instances = await Promise.all(Array.from({ length: 4 }, () => openDb({ url: scratch.url, poolSize: 2 })));
    try {
      const outcomes = await Promise.allSettled(instances.map((i) => i.migrate()));
      expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))).toEqual(["ok", "ok", "ok", "ok"]);
      expect(await migrationsApplied(instances[0]!.db)).toBe(true);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await scratch.drop();
    }
  }, 120_000);
});
