import { jakartaToday } from "@pinjaman/domain/dates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { lateLoanFixture } from "./late-loan-fixture.ts";

const URL = "/app_api/v1/staff/collections";

type Listed = { account_id: string; days_past_due: number; bucket: string };

let t: TestApp;
let operator: TestSession;
let middle: string[];

const get = (query: string) => t.app.inject({ method: "GET", url: `${URL}${query}`, headers: operator.headers });

beforeAll(async () => {
  t = await testApp();
  const today = jakartaToday();
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
  // 27 loans 31–60 days past due, three of each of nine ages (ties are ordered by id), one 1–30
  // days past due and one not late.
  middle = [];
  for (let i = 0; i < 27; i++) middle.push((await lateLoanFixture(t.app.db, { today, daysAgo: 70 + (i % 9), name: `Tengah ${i}` })).accountId);
  await lateLoanFixture(t.app.db, { today, daysAgo: 45, name: "Awal" });
  await lateLoanFixture(t.app.db, { today, daysAgo: 10, name: "Tepat Waktu" });
});
afterAll(async () => {
  await t?.close();
});

describe("the collections list in pages of 25", () => {
  it("pages a bucket most days past due first, then by id, with the bucket's total: 25, then 2, then none", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`?bucket=31_60&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
    }
    expect(pages.map((p) => p.data.length)).toEqual([25, 2, 0]);
    expect(pages.map((p) => p.meta)).toEqual(
      [1, 2, 3].map((page) => expect.objectContaining({ page, per_page: 25, total: 27, counts: { "1_30": 1, "31_60": 27, "61_90": 0, over_90: 0 } })),
    );
    const listed: Listed[] = pages.flatMap((p) => p.data);
    expect(new Set(listed.map((l) => l.bucket))).toEqual(new Set(["31_60"]));
    // Every loan once, none skipped, in a stable order.
    expect(listed.map((l) => l.account_id).sort()).toEqual([...middle].sort());
    const ordered = [...listed].sort((a, b) => b.days_past_due - a.days_past_due || (a.account_id < b.account_id ? -1 : 1));
    expect(listed.map((l) => l.account_id)).toEqual(ordered.map((l) => l.account_id));
    expect(new Set(listed.map((l) => l.days_past_due)).size).toBe(9);
    // The same page again is the same page.
    expect((await get("?bucket=31_60&page=2")).json().data).toEqual(pages[1]!.data);
  });

  it("pages every late loan without a bucket: the last page ends with the loan least late", async () => {
    const first = (await get("")).json();
    expect(first.meta).toMatchObject({ page: 1, per_page: 25, total: 28 });
    expect(first.data).toHaveLength(25);
    const second = (await get("?page=2")).json();
    expect(second.data.map((l: Listed) => l.bucket)).toEqual(["31_60", "31_60", "1_30"]);
    expect(second.data.some((l: Listed) => first.data.some((f: Listed) => f.account_id === l.account_id))).toBe(false);
  });

  it.each(["0", "-1", "1.5", "abc", "10001"])("refuses page=%s with a message on the field (400), changing nothing", async (page) => {
    const before = await rowCounts(t.database);
    const res = await get(`?bucket=31_60&page=${page}`);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(Object.keys(error.fields)).toEqual(["page"]);
    expect(error.fields.page[0]).toMatch(/\S/);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("says what is wrong in Indonesian", async () => {
    expect((await get("?page=0")).json().error).toEqual({
      code: "validation_failed",
      message: "Data yang dikirim belum benar. Periksa kembali isian Anda.",
      fields: { page: ["Minimal 1"] },
    });
    expect((await get("?page=10001")).json().error.fields.page).toEqual(["Maksimal 10000"]);
  });
});
