import { schema } from "@pinjaman/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";

const url = "/pub_api/v1/open/support_requests";

describe("POST pub_api/v1/open/support_requests (chat launcher)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("stores the visitor's message and answers with a reference", async () => {
    const res = await t.app.inject({
      method: "POST",
      url,
      payload: { data: { name: "Siti Rahayu", contact: "siti@example.co.id", message: "Bagaimana cara melunasi lebih cepat?", page_path: "/faq" } },
      headers: { "x-request-id": "req-chat-0001" },
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.reference).toBe(`CS-${String(data.id).padStart(6, "0")}`);
    const rows = await t.database.db.select().from(schema.supportRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Siti Rahayu", pagePath: "/faq", status: "open", requestId: "req-chat-0001" });
  });

  it("refuses a sixth message from one network within the hour with 429 and Retry-After", async () => {
    const payload = { data: { name: "Andi Wijaya", contact: "0812000111", message: "Pesan uji pembatasan" } };
    const ip = "203.0.113.7";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: "POST", url, payload, remoteAddress: ip });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(3000);
        expect(res.json().error.message).toMatch(/^Terlalu banyak pesan dari jaringan Anda\. Silakan coba lagi dalam \d+ menit\.$/);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const stored = await t.database.db.select().from(schema.supportRequests);
    expect(stored.filter((r) => r.message === "Pesan uji pembatasan")).toHaveLength(5);
  });

  it("refuses short fields with Indonesian messages per field and stores nothing", async () => {
    const before = await rowCounts(t.database);
    const res = await t.app.inject({ method: "POST", url, payload: { data: { name: "S", contact: "x", message: "  hi  " } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: ["Minimal 2 karakter"],
      contact: ["Minimal 5 karakter"],
      message: ["Minimal 5 karakter"],
    });
    expect(await rowCounts(t.database)).toEqual(before);
  });
});
