import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { rowCounts } from "../../../test/harness.ts";
import type { TestSession } from "../identity/test-sessions.ts";

const NOT_AUTHENTICATED = { error: { code: "not_authenticated", message: "Silakan masuk terlebih dahulu." } };
const DEVICE_NOT_FOUND = { error: { code: "device_not_found", message: "Perangkat tidak ditemukan." } };
const VALIDATION = "Data yang dikirim belum benar. Periksa kembali isian Anda.";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("app_api/v1 devices", () => {
  const t = appWithSessions({ budi: "budi@pinjaman.test", sari: "sari@pinjaman.test" });

  const deviceOf = (who: TestSession, overrides: Record<string, unknown> = {}) => ({
    identifier: who.customerId,
    type_key: "mobile",
    token: `firebase-token-${Math.random().toString(36).slice(2)}`,
    token_type: "firebase",
    operating_system: "android",
    ...overrides,
  });
  const create = (who: TestSession, data: unknown) =>
    t.app.inject({ method: "POST", url: "/app_api/v1/devices", headers: who.headers, payload: { data } as object });
  const search = (who: TestSession, filters: unknown[]) =>
    t.app.inject({ method: "POST", url: "/app_api/v1/devices/search", headers: who.headers, payload: { filters } });
  const deactivate = (who: TestSession, id: string) =>
    t.app.inject({ method: "PATCH", url: `/app_api/v1/devices/${id}/deactivate`, headers: who.headers });

  it("registers a device of the caller: 201 with the stored device", async () => {
    const data = deviceOf(t.budi, { operating_system: "web", type_key: "web" });
    const res = await create(t.budi, data);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ data: { ...data, id: expect.any(String), deactivated_at: null, created_at: expect.stringMatching(ISO) } });
    const [row] = await t.database.db.select().from(schema.devices).where(eq(schema.devices.id, body.data.id));
    expect(row).toMatchObject({ customerId: t.budi.customerId, identifier: t.budi.customerId, token: data.token, operatingSystem: "web" });
  });

  it("refuses an identifier other than the caller's customer id with 422 on identifier, storing nothing", async () => {
    const before = await rowCounts(t.database);
    const res = await create(t.budi, deviceOf(t.sari));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: "validation_failed", message: VALIDATION, fields: { identifier: ["Harus sama dengan ID nasabah Anda"] } },
    });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it.each([
    ["an empty push token", { token: "" }, { token: ["Minimal 1 karakter"] }],
    ["a push token over 4096 characters", { token: "x".repeat(4097) }, { token: ["Maksimal 4096 karakter"] }],
    ["an unknown operating system", { operating_system: "windows" }, { operating_system: ["Isian tidak valid"] }],
    ["an unknown token type", { token_type: "apns" }, { token_type: ["Isian tidak valid"] }],
    ["no identifier", { identifier: undefined }, { identifier: ["Wajib diisi"] }],
  ])("refuses %s with 400 and the field's message, storing nothing", async (_label, overrides, fields) => {
    const before = await rowCounts(t.database);
    const res = await create(t.budi, deviceOf(t.budi, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "validation_failed", message: VALIDATION, fields } });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("searches only the caller's own devices, newest first, by identifier and deactivated_at", async () => {
    const first = (await create(t.sari, deviceOf(t.sari))).json().data;
    const second = (await create(t.sari, deviceOf(t.sari, { operating_system: "ios" }))).json().data;
    await create(t.budi, deviceOf(t.budi));
    expect((await deactivate(t.sari, first.id)).statusCode).toBe(200);

    const contains = await search(t.sari, [{ field: "identifier", op: "contains", value: t.sari.customerId.slice(4, 20) }]);
    expect(contains.statusCode).toBe(200);
    expect(contains.json().data.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);

    const equals = await search(t.sari, [{ field: "identifier", op: "equals", value: t.sari.customerId }]);
    expect(equals.json().data.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);

    const active = await search(t.sari, [
      { field: "identifier", op: "contains", value: t.sari.customerId },
      { field: "deactivated_at", op: "empty" },
    ]);
    expect(active.json()).toEqual({ data: [second] });
    const inactive = await search(t.sari, [{ field: "deactivated_at", op: "present" }]);
    expect(inactive.json().data.map((d: { id: string }) => d.id)).toEqual([first.id]);
    expect(inactive.json().data[0].deactivated_at).toMatch(ISO);

    // Another customer's id as the filter finds nothing: the search never leaves the caller's rows.
    expect((await search(t.sari, [{ field: "identifier", op: "contains", value: t.budi.customerId }])).json()).toEqual({ data: [] });
    expect((await search(t.budi, [{ field: "identifier", op: "equals", value: t.sari.customerId }])).json()).toEqual({ data: [] });
    // Without filters: all of the caller's devices, none of the other's.
    const all = (await search(t.budi, [])).json().data as { identifier: string }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((d) => d.identifier === t.budi.customerId)).toBe(true);
    // LIKE wildcards match themselves.
    expect((await search(t.sari, [{ field: "identifier", op: "contains", value: "%" }])).json()).toEqual({ data: [] });
  });

  it.each([
    [[{ field: "token", op: "contains", value: "x" }], { "filters.0.field": ["Kolom ini tidak dapat dicari"] }],
    [[{ field: "identifier", op: "empty" }], { "filters.0.op": ["Operator ini tidak didukung untuk kolom identifier"] }],
    [[{ field: "deactivated_at", op: "present" }, { field: "identifier", op: "contains" }], { "filters.1.value": ["Wajib diisi dengan teks"] }],
    [[{ field: "identifier", op: "like", value: "x" }], { "filters.0.op": ["Isian tidak valid"] }],
  ])("refuses the filters %j with 400 on the filter's entry", async (filters, fields) => {
    const res = await search(t.budi, filters);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "validation_failed", message: VALIDATION, fields } });
  });

  it("deactivates the caller's device once; a second call answers it unchanged", async () => {
    const device = (await create(t.budi, deviceOf(t.budi))).json().data;
    const res = await deactivate(t.budi, device.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ data: { ...device, deactivated_at: expect.stringMatching(ISO) } });
    const again = await deactivate(t.budi, device.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it("answers 404 for someone else's device and leaves it active", async () => {
    const device = (await create(t.sari, deviceOf(t.sari))).json().data;
    const before = await rowCounts(t.database);
    const res = await deactivate(t.budi, device.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(DEVICE_NOT_FOUND);
    const [row] = await t.database.db.select().from(schema.devices).where(eq(schema.devices.id, device.id));
    expect(row?.deactivatedAt).toBeNull();
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("answers 404 for an unknown device and 400 for a malformed id", async () => {
    const unknown = await deactivate(t.budi, "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(DEVICE_NOT_FOUND);
    const malformed = await deactivate(t.budi, "not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: { code: "validation_failed", message: VALIDATION, fields: { id: ["Format tidak valid"] } } });
  });

  it("answers OPTIONS devices/search with 204 and Allow: OPTIONS, POST", async () => {
    const res = await t.app.inject({ method: "OPTIONS", url: "/app_api/v1/devices/search", headers: t.budi.headers });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe("OPTIONS, POST");
    expect(res.body).toBe("");
    const viaCookie = await t.app.inject({ method: "OPTIONS", url: "/app_api/v1/devices/search", headers: { cookie: t.budi.cookie } });
    expect(viaCookie.statusCode).toBe(204);
  });

  it("refuses every devices call without a session with 401", async () => {
    const headers = { "x-locale": "id" };
    const calls = [
      t.app.inject({ method: "POST", url: "/app_api/v1/devices", headers, payload: { data: deviceOf(t.budi) } }),
      t.app.inject({ method: "POST", url: "/app_api/v1/devices/search", headers, payload: { filters: [] } }),
      t.app.inject({ method: "PATCH", url: "/app_api/v1/devices/00000000-0000-4000-8000-000000000000/deactivate", headers }),
      t.app.inject({ method: "OPTIONS", url: "/app_api/v1/devices/search" }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(NOT_AUTHENTICATED);
    }
  });

  it("refuses a foreign X-Role on devices calls with 403 and accepts the caller's own", async () => {
    const foreign = await t.app.inject({
      method: "POST",
      url: "/app_api/v1/devices/search",
      headers: { ...t.budi.headers, "x-role": t.sari.roles.primary! },
      payload: { filters: [] },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: { code: "forbidden_role", message: "Peran yang dipilih bukan milik akun Anda." } });
    const own = await t.app.inject({
      method: "POST",
      url: "/app_api/v1/devices/search",
      headers: { ...t.budi.headers, "x-role": t.budi.roles.primary! },
      payload: { filters: [] },
    });
    expect(own.statusCode).toBe(200);
  });
});
