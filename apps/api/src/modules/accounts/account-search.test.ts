import { schema } from "@pinjaman/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { investmentAccountOf } from "./sandbox-accounts.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

describe("POST app_api/v1/accounts/search", () => {
  let t: TestApp;
  let sari: TestSession;
  let budi: TestSession;
  let budiLoan: string;
  beforeAll(async () => {
    t = await testApp();
    sari = await sessionFor(t.database.db, "sari@pinjaman.test");
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const [loan] = await t.database.db
      .insert(schema.accounts)
      .values({ customerId: budi.customerId, typeKey: "loan", productKey: "spl", status: "closed", principalBalance: 0, activatedOn: "2026-01-05", closedOn: "2026-05-05" })
      .returning();
    budiLoan = loan!.id;
  });
  afterAll(() => t.close());

  const search = (who: TestSession | null, filters: unknown[] = []) =>
    t.app.inject({ method: "POST", url: "/app_api/v1/accounts/search", headers: { "x-locale": "id", ...who?.headers }, payload: { filters } });

  it("answers the caller's own accounts only, with the spec's fields", async () => {
    const sariAccount = await investmentAccountOf(t.database.db, sari.customerId);
    const res = await search(sari);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: sariAccount, type_key: "investment", product_key: null, status: "active", principal_balance: 0, payment_channel: null, activated_on: null, closed_on: null, created_at: expect.any(String) },
    ]);
    expect((await search(budi)).json().data.map((a: { id: string }) => a.id)).toEqual([budiLoan]);
  });

  it("filters: type_key equals, status in, closed_on present and empty", async () => {
    const ids = async (filters: unknown[]) => (await search(budi, filters)).json().data.map((a: { id: string }) => a.id);
    expect(await ids([{ field: "type_key", op: "equals", value: "loan" }])).toEqual([budiLoan]);
    expect(await ids([{ field: "type_key", op: "equals", value: "investment" }])).toEqual([]);
    expect(await ids([{ field: "status", op: "in", value: ["active", "closed"] }])).toEqual([budiLoan]);
    expect(await ids([{ field: "closed_on", op: "present" }])).toEqual([budiLoan]);
    expect(await ids([{ field: "closed_on", op: "empty" }])).toEqual([]);
  });

  it("refuses an unknown field or an operator the field does not take (400 on that filter), and anonymous callers (401); changes nothing", async () => {
    const counts = await rowCounts(t.database);
    const unknown = await search(budi, [{ field: "customer_id", op: "equals", value: sari.customerId }]);
    expect([unknown.statusCode, unknown.json().error.fields]).toEqual([400, { "filters.0.field": [expect.any(String)] }]);
    const badOp = await search(budi, [{ field: "closed_on", op: "equals", value: "2026-05-05" }]);
    expect([badOp.statusCode, Object.keys(badOp.json().error.fields)]).toEqual([400, ["filters.0.op"]]);
    expect((await search(null)).statusCode).toBe(401);
    expect(await rowCounts(t.database)).toEqual(counts);
  });
});
