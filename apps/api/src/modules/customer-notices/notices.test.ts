import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

const VALIDATION = "Data yang dikirim belum benar. Periksa kembali isian Anda.";

describe("POST app_api/v1/customer_notices/search", () => {
  let t: TestApp;
  let budi: TestSession;
  let sari: TestSession;
  let welcomeId: string;
  let newerId: string;
  beforeAll(async () => {
    t = await testApp();
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    sari = await sessionFor(t.database.db, "sari@pinjaman.test");
    const [welcome] = await t.database.db.select().from(schema.customerNotices).where(eq(schema.customerNotices.customerId, budi.customerId));
    welcomeId = welcome!.id;
    const [newer] = await t.database.db
      .insert(schema.customerNotices)
      .values({ customerId: budi.customerId, title: "Tagihan", body: "Cicilan jatuh tempo besok.", createdAt: new Date(Date.now() + 60_000), readAt: new Date("2026-01-02T03:04:05.000Z") })
      .returning();
    newerId = newer!.id;
  });
  afterAll(() => t.close());

  const search = (who: TestSession | null, filters: unknown[], headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/app_api/v1/customer_notices/search", headers: { ...(who?.headers ?? { "x-locale": "id" }), ...headers }, payload: { filters } });

  it("answers the caller's notices newest first, the seeded welcome notice included", async () => {
    const res = await search(budi, []);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((n: { id: string }) => n.id)).toEqual([newerId, welcomeId]);
    expect(data[0]).toEqual({ id: newerId, title: "Tagihan", body: "Cicilan jatuh tempo besok.", created_at: expect.any(String), read_at: "2026-01-02T03:04:05.000Z" });
    expect(data[1]).toEqual({
      id: welcomeId,
      title: "Selamat datang di Pinjaman",
      body: "Halo Budi Santoso, akun Anda sudah aktif. Jangan pernah memberikan kata sandi atau kode verifikasi kepada siapa pun, termasuk petugas Pinjaman.",
      created_at: expect.any(String),
      read_at: null,
    });
  });

  it("filters on read_at empty (unread) and present (read)", async () => {
    expect((await search(budi, [{ field: "read_at", op: "empty" }])).json().data.map((n: { id: string }) => n.id)).toEqual([welcomeId]);
    expect((await search(budi, [{ field: "read_at", op: "present" }])).json().data.map((n: { id: string }) => n.id)).toEqual([newerId]);
  });

  it("never answers another customer's notices", async () => {
    const { data } = (await search(sari, [])).json();
    expect(data).toHaveLength(1);
    expect(data[0].body).toContain("Sari Wulandari");
    expect(data.map((n: { id: string }) => n.id)).not.toContain(welcomeId);
    expect(data.map((n: { id: string }) => n.id)).not.toContain(newerId);
  });

  it("refuses a filter on another field with 400 on that filter", async () => {
    const res = await search(budi, [{ field: "customer_id", op: "equals", value: sari.customerId }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "validation_failed", message: VALIDATION, fields: { "filters.0.field": ["Kolom ini tidak dapat dicari"] } } });
  });

  it("is 401 without a session and 403 with another customer's role", async () => {
    const anonymous = await search(null, []);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: "not_authenticated", message: "Silakan masuk terlebih dahulu." } });
    const foreign = await search(budi, [], { "x-role": sari.roles.modifier! });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: { code: "forbidden_role", message: "Peran yang dipilih bukan milik akun Anda." } });
    expect((await search(budi, [], { "x-role": budi.roles.primary! })).statusCode).toBe(200);
  });

  it("takes the browser cookie only with X-Locale", async () => {
    const noLocale = await t.app.inject({ method: "POST", url: "/app_api/v1/customer_notices/search", headers: { cookie: budi.cookie }, payload: { filters: [] } });
    expect(noLocale.statusCode).toBe(403);
    expect(noLocale.json().error.code).toBe("locale_header_required");
    const withLocale = await t.app.inject({
      method: "POST",
      url: "/app_api/v1/customer_notices/search",
      headers: { cookie: budi.cookie, "x-locale": "id" },
      payload: { filters: [] },
    });
    expect(withLocale.statusCode).toBe(200);
    expect(withLocale.json().data).toHaveLength(2);
  });
});
