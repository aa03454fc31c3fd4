import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { clearThrottle, hitThrottle, peekThrottle, pruneThrottles, refundThrottle, waitText, type ThrottleRule } from "./throttle-service.ts";

const rule: ThrottleRule = { name: "test", limit: 3, windowSeconds: 600 };

describe("fixed-window throttle in the database", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("counts hits in a window, blocks over the limit and restarts once the window ends", async () => {
    const now = new Date("2025-06-01T10:00:00Z");
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await hitThrottle(database.db, rule, "a", new Date(now.getTime() + i * 1000)));
    expect(hits.map((h) => [h.count, h.blocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(hits[3]?.retryAfterSeconds).toBe(597);
    expect(await peekThrottle(database.db, rule, "a", new Date(now.getTime() + 5000))).toBe(4);
    expect(await peekThrottle(database.db, rule, "a", new Date(now.getTime() + 600_000))).toBe(0);
    const later = await hitThrottle(database.db, rule, "a", new Date(now.getTime() + 600_000));
    expect(later).toEqual({ count: 1, blocked: false, retryAfterSeconds: 600 });
    expect(await peekThrottle(database.db, rule, "b", now)).toBe(0);
  });

  it("never loses a hit among many at once", async () => {
    const now = new Date();
    const hits = await Promise.all(Array.from({ length: 25 }, () => hitThrottle(database.db, rule, "burst", now)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(hits.filter((h) => !h.blocked)).toHaveLength(3);
  });

  it("takes a hit back, forgets a subject and prunes day-old windows", async () => {
    const now = new Date();
    await hitThrottle(database.db, rule, "c", now);
    await hitThrottle(database.db, rule, "c", now);
    await refundThrottle(database.db, rule, "c");
    expect(await peekThrottle(database.db, rule, "c", now)).toBe(1);
    await clearThrottle(database.db, rule, "c");
    expect(await peekThrottle(database.db, rule, "c", now)).toBe(0);
    await hitThrottle(database.db, rule, "old", new Date(now.getTime() - 25 * 3600_000));
    await pruneThrottles(database.db, now);
    expect(await database.db.select().from(schema.throttles).where(eq(schema.throttles.key, "test:old"))).toEqual([]);
  });

  it("says in words when to retry", () => {
    expect(waitText(1)).toBe("1 detik");
    expect(waitText(60)).toBe("60 detik");
    expect(waitText(91)).toBe("2 menit");
    expect(waitText(900)).toBe("15 menit");
  });
});
