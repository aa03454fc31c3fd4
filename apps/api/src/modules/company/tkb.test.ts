import { schema } from "@pinjaman/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANY_API_KEY } from "../../config.ts";
import { testApp, type TestApp } from "../../../test/harness.ts";

describe("GET /tkb.php (company service)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("refuses a missing key with 401 and a JSON error", async () => {
    const res = await t.app.inject({ method: "GET", url: "/tkb.php" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: "unauthorized", message: "Kunci API tidak valid atau tidak ada." } });
  });

  it("refuses a wrong key, including one that differs only in length", async () => {
    for (const key of ["wrong", `${SANDBOX_COMPANY_API_KEY}x`, SANDBOX_COMPANY_API_KEY.slice(0, -1)]) {
      const res = await t.app.inject({ method: "GET", url: `/tkb.php?key=${encodeURIComponent(key)}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it("serves the latest snapshot's name/percentage pairs with two decimals and its time", async () => {
    const res = await t.app.inject({ method: "GET", url: `/tkb.php?key=${SANDBOX_COMPANY_API_KEY}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toEqual([
      { name: "TKB0", percentage: "92.14" },
      { name: "TKB30", percentage: "96.58" },
      { name: "TKB60", percentage: "98.02" },
      { name: "TKB90", percentage: "98.87" },
    ]);
    expect(Number.isNaN(Date.parse(body.last_update))).toBe(false);
  });

  it("serves a newer dated snapshot once one is stored", async () => {
    const computedAt = new Date(Date.now() + 60_000);
    await t.database.db
      .insert(schema.tkbSnapshots)
      .values({ entries: [{ name: "TKB90", basisPoints: 10000 }, { name: "TKB0", basisPoints: 905 }], source: "book", computedAt });
    const res = await t.app.inject({ method: "GET", url: `/tkb.php?key=${SANDBOX_COMPANY_API_KEY}` });
    expect(res.json()).toEqual({
      data: [
        { name: "TKB90", percentage: "100.00" },
        { name: "TKB0", percentage: "9.05" },
      ],
      last_update: computedAt.toISOString(),
    });
  });
});
