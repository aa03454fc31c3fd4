import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { DEFAULT_PLATFORM_FEE_PPM } from "../../config.ts";
import { BOOK_DIGEST_2026_11_24 } from "./book-digest.fixture.ts";
import { planBook } from "./book-plan.ts";
import { bookDigest } from "./book-test-kit.ts";
import { seedSandboxBook } from "./sandbox-book.ts";

describe("the sandbox book's determinism", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    database = await testDatabase();
    await seedSandboxBook(database.db, "2026-11-24", { platformFeePpm: DEFAULT_PLATFORM_FEE_PPM });
  }, 240_000);
  afterAll(() => database.close());

  it("plans the same book for the same date, scale and seed, and another for another seed", () => {
    expect(planBook("2026-11-24")).toEqual(planBook("2026-11-24"));
    expect(planBook("2026-11-24", 1, 7)).not.toEqual(planBook("2026-11-24"));
    expect(planBook("2026-11-24").loans.length).toBeGreaterThanOrEqual(300);
    expect(planBook("2026-11-24", 10).loans.length).toBeGreaterThanOrEqual(3000);
  });

  it("seeds the same amounts on a second database as sandbox-book.test.ts does on its own", async () => {
    expect(await bookDigest(database.db)).toEqual(BOOK_DIGEST_2026_11_24);
  });
});
