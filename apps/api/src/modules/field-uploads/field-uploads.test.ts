import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/harness.ts";
import { encodePolicy, signPolicy } from "../../integrations/storage/upload-policy.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { checkUploadedFileValue } from "./upload-service.ts";
import { JPEG, multipartForm, PDF, PNG, UPLOAD_TEST_SECRET, uploadTestApp } from "./upload-test-kit.ts";

const NOT_AUTHENTICATED = { error: { code: "not_authenticated", message: "Silakan masuk terlebih dahulu." } };
const VALIDATION = "Data yang dikirim belum benar. Periksa kembali isian Anda.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND = { error: { code: "upload_not_found", message: "Berkas tidak ditemukan." } };

type Form = { url: string; fields: Record<string, string>; file?: { data: Buffer; type: string; filename: string } };
type Presigned = { url: string; method: string; fields: Record<string, string>; id: string; storage: string };

describe("app_api/v1 field_uploads", () => {
  let t: Awaited<ReturnType<typeof uploadTestApp>>;
  let budi: TestSession;
  let sari: TestSession;
  let operator: TestSession;
  beforeAll(async () => {
    t = await uploadTestApp();
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    sari = await sessionFor(t.database.db, "sari@pinjaman.test");
    operator = await sessionFor(t.database.db, "operator@pinjaman.test");
  });
  afterAll(() => t.close());

  const presign = (who: TestSession | null, data: unknown) =>
    t.app.inject({ method: "POST", url: "/app_api/v1/field_uploads/presign_upload", headers: { ...who?.headers, "x-locale": "id" }, payload: { data } as object });
  const presigned = async (who: TestSession, data: { filename?: string; content_type: string; size: number }): Promise<Presigned> => {
    const res = await presign(who, { filename: "ktp.png", ...data });
    expect(res.statusCode).toBe(200);
    return res.json().data as Presigned;
  };
  // The browser posts with the cookie (or nothing) and X-Locale, never X-Authorization.
  const post = (url: string, fields: Record<string, string>, file?: { data: Buffer; type: string; filename: string }) => {
    const form = multipartForm(fields, file);
    return t.app.inject({ method: "POST", url, headers: { ...form.headers, "x-locale": "id" }, payload: form.payload });
  };
  const read = (who: TestSession | null, id: string) => t.app.inject({ method: "GET", url: `/app_api/v1/field_uploads/${id}`, headers: who?.headers ?? {} });
  const rowOf = async (id: string) => (await t.database.db.select().from(schema.fieldUploads).where(eq(schema.fieldUploads.id, id)))[0];
  const stored = async () => readdir(join(t.dir, "field_uploads")).catch(() => [] as string[]);
  const refusal = (code: string, message: string) => ({ error: { code, message } });

  it("presigns a local upload: a POST to the API with a signed policy, and a presigned row for 15 minutes", async () => {
    const before = Date.now();
    const res = await presign(budi, { filename: "ktp.png", content_type: "image/png", size: PNG.length });
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Presigned;
    expect(data).toEqual({
      url: `/app_api/v1/field_uploads/${data.id}/content`,
      method: "POST",
      fields: { key: `field_uploads/${data.id}`, "Content-Type": "image/png", policy: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{64}$/) },
      id: expect.stringMatching(UUID),
      storage: "local",
    });
    const row = await rowOf(data.id);
    expect(row).toMatchObject({ customerId: budi.customerId, storage: "local", objectKey: `field_uploads/${data.id}`, filename: "ktp.png", mimeType: "image/png", size: PNG.length, status: "presigned", uploadedAt: null });
    // 15 minutes from the moment of the call, however long the call took.
    expect(row!.policyExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(row!.policyExpiresAt.getTime()).toBeLessThanOrEqual(after + 15 * 60_000);
    expect(JSON.parse(Buffer.from(data.fields.policy!, "base64url").toString())).toEqual({
      key: `field_uploads/${data.id}`,
      content_type: "image/png",
      max_size: PNG.length,
      expires: row!.policyExpiresAt.toISOString(),
    });
  });

  it.each([
    ["an empty file", { content_type: "image/png", size: 0 }, { size: ["Berkas kosong"] }],
    ["a file over the 2 KB limit", { content_type: "application/pdf", size: 2049 }, { size: ["Ukuran berkas maksimal 2 KB"] }],
    ["a gif", { content_type: "image/gif", size: 10 }, { content_type: ["Jenis berkas harus JPEG, PNG, atau PDF"] }],
    ["an unknown progress", { content_type: "image/png", size: 10, flow_progress_id: "00000000-0000-4000-8000-000000000000" }, { flow_progress_id: ["Proses pengajuan tidak ditemukan"] }],
  ])("refuses %s with 422 on the field, storing nothing", async (_label, data, fields) => {
    const before = await rowCounts(t.database);
    const res = await presign(budi, { filename: "x", ...data });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { code: "validation_failed", message: VALIDATION, fields } });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("refuses a presign without a filename (400) or without a login (401), storing nothing", async () => {
    const before = await rowCounts(t.database);
    const missing = await presign(budi, { content_type: "image/png", size: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: { code: "validation_failed", message: VALIDATION, fields: { filename: ["Wajib diisi"] } } });
    const anonymous = await presign(null, { filename: "ktp.png", content_type: "image/png", size: 10 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NOT_AUTHENTICATED);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("stores an upload (204), lets its owner and an operator read it, and hides it from everyone else", async () => {
    const p = await presigned(budi, { filename: "ktp budi.png", content_type: "image/png", size: PNG.length });
    const res = await post(p.url, p.fields, { data: PNG, type: "image/png", filename: "ktp budi.png" });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await readFile(join(t.dir, "field_uploads", p.id))).toEqual(PNG);
    expect(await rowOf(p.id)).toMatchObject({ status: "uploaded", size: PNG.length, uploadedAt: expect.any(Date) });

    for (const who of [budi, operator]) {
      const got = await read(who, p.id);
      expect(got.statusCode).toBe(200);
      expect(got.headers["content-type"]).toBe("image/png");
      expect(got.headers["content-disposition"]).toBe("inline; filename*=UTF-8''ktp%20budi.png");
      expect(got.headers["cache-control"]).toBe("private, no-store");
      expect(got.rawPayload).toEqual(PNG);
    }
    const other = await read(sari, p.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
    const anonymous = await read(null, p.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NOT_AUTHENTICATED);
  });

  it.each([
    ["jpeg", "image/jpeg", JPEG],
    ["pdf", "application/pdf", PDF],
  ])("stores a %s whose first bytes match its type", async (_label, type, data) => {
    const p = await presigned(sari, { filename: `doc.${_label}`, content_type: type, size: data.length });
    expect((await post(p.url, p.fields, { data, type, filename: `doc.${_label}` })).statusCode).toBe(204);
    const got = await read(sari, p.id);
    expect(got.headers["content-type"]).toBe(type);
    expect(got.rawPayload).toEqual(data);
  });

  it("refuses a second upload to the same id with 409, keeping the first file", async () => {
    const p = await presigned(budi, { content_type: "image/png", size: PNG.length });
    expect((await post(p.url, p.fields, { data: PNG, type: "image/png", filename: "a.png" })).statusCode).toBe(204);
    const other = Buffer.concat([PNG.subarray(0, 8), Buffer.from("changed!")]);
    const again = await post(p.url, p.fields, { data: other, type: "image/png", filename: "a.png" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal("upload_already_uploaded", "Berkas ini sudah diunggah."));
    expect(await readFile(join(t.dir, "field_uploads", p.id))).toEqual(PNG);
  });

  describe("refusals store nothing", () => {
    const refuses = async (
      make: (p: Presigned) => Form | Promise<Form>,
      status: number,
      body: unknown,
      size = PNG.length,
    ) => {
      const p = await presigned(budi, { content_type: "image/png", size });
      const files = await stored();
      const before = await rowCounts(t.database);
      const { url, fields, file } = await make(p);
      const res = await post(url, fields, file);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
      expect(await rowCounts(t.database)).toEqual(before);
      expect(await stored()).toEqual(files);
      expect(await rowOf(p.id)).toMatchObject({ status: "presigned", uploadedAt: null });
    };
    const png = { data: PNG, type: "image/png", filename: "ktp.png" };
    const resign = (p: Presigned, changes: Record<string, unknown>) => {
      const policy = encodePolicy({ ...JSON.parse(Buffer.from(p.fields.policy!, "base64url").toString()), ...changes });
      return { ...p.fields, policy, signature: signPolicy(policy, UPLOAD_TEST_SECRET) };
    };

    it("an expired policy: 403 with the message to upload again", () =>
      refuses(
        (p) => ({ url: p.url, fields: resign(p, { expires: new Date(Date.now() - 1000).toISOString() }), file: png }),
        403,
        refusal("upload_policy_expired", "Izin unggah sudah kedaluwarsa. Silakan ulangi unggahan."),
      ));

    it("a row whose policy time has passed, even with a later policy: 403 expired", async () => {
      await refuses(
        async (p) => {
          await t.database.db.update(schema.fieldUploads).set({ policyExpiresAt: new Date(Date.now() - 1000) }).where(eq(schema.fieldUploads.id, p.id));
          return { url: p.url, fields: p.fields, file: png };
        },
        403,
        refusal("upload_policy_expired", "Izin unggah sudah kedaluwarsa. Silakan ulangi unggahan."),
      );
    });

    it("a policy changed after signing (bigger size): 403 invalid", () =>
      refuses(
        (p) => ({ url: p.url, fields: { ...p.fields, policy: resign(p, { max_size: 2048 }).policy! }, file: png }),
        403,
        refusal("upload_policy_invalid", "Izin unggah tidak sah. Silakan ulangi unggahan."),
      ));

    it("a policy signed with another secret: 403 invalid", () =>
      refuses(
        (p) => ({ url: p.url, fields: { ...p.fields, signature: signPolicy(p.fields.policy!, "x".repeat(40)) }, file: png }),
        403,
        refusal("upload_policy_invalid", "Izin unggah tidak sah. Silakan ulangi unggahan."),
      ));

    it("another upload's policy posted to this id: 403 invalid", async () => {
      const other = await presigned(budi, { content_type: "image/png", size: PNG.length });
      await refuses(
        (p) => ({ url: p.url, fields: other.fields, file: png }),
        403,
        refusal("upload_policy_invalid", "Izin unggah tidak sah. Silakan ulangi unggahan."),
      );
    });

    it("a declared type other than the policy's: 403", () =>
      refuses(
        (p) => ({ url: p.url, fields: { ...p.fields, "Content-Type": "image/jpeg" }, file: { ...png, type: "image/jpeg" } }),
        403,
        refusal("upload_type_mismatch", "Jenis berkas tidak sesuai dengan izin unggah."),
      ));

    it("a file whose first bytes are not a png: 422", () =>
      refuses(
        (p) => ({ url: p.url, fields: p.fields, file: { data: Buffer.from("GIF89a-not-png"), type: "image/png", filename: "ktp.png" } }),
        422,
        refusal("upload_content_mismatch", "Isi berkas tidak sesuai dengan jenisnya. Unggah berkas JPEG, PNG, atau PDF yang asli."),
        14,
      ));

    it("a file larger than the policy allows: 413", () =>
      refuses(
        (p) => ({ url: p.url, fields: p.fields, file: { ...png, data: Buffer.concat([PNG, Buffer.from("x")]) } }),
        413,
        refusal("upload_file_too_large", `Berkas melebihi ukuran yang diizinkan (${PNG.length} byte).`),
      ));

    it("a file larger than the server's limit: 413", () =>
      refuses(
        (p) => ({ url: p.url, fields: resign(p, { max_size: 1 << 20 }), file: { ...png, data: Buffer.concat([PNG, Buffer.alloc(4096)]) } }),
        // The policy was re-signed for 1 MB, so the server's 2 KB limit is what stops it.
        413,
        refusal("upload_file_too_large", "Berkas melebihi ukuran yang diizinkan (2 KB)."),
      ));

    it("a form without the file: 400", () =>
      refuses((p) => ({ url: p.url, fields: p.fields }), 400, refusal("upload_file_missing", "Berkas belum dilampirkan.")));

    it("an unknown id: 404", () =>
      refuses(
        (p) => ({ url: "/app_api/v1/field_uploads/00000000-0000-4000-8000-000000000000/content", fields: p.fields, file: png }),
        404,
        refusal("upload_not_found", "Berkas tidak ditemukan."),
      ));
  });

  it("describes its three calls in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/app_api/v1/field_uploads/presign_upload"]!)).toEqual(["post"]);
    expect(Object.keys(paths["/app_api/v1/field_uploads/{id}/content"]!)).toEqual(["post"]);
    expect(Object.keys(paths["/app_api/v1/field_uploads/{id}"]!)).toEqual(["get"]);
  });

  describe("checkUploadedFileValue (the flow engine's check of a file field)", () => {
    const valueOf = (p: Presigned, overrides: Record<string, unknown> = {}) =>
      JSON.stringify({ id: p.id, storage: p.storage, metadata: { size: PNG.length, filename: "ktp.png", mime_type: "image/png" }, ...overrides });
    let uploaded: Presigned;
    let pending: Presigned;
    beforeAll(async () => {
      uploaded = await presigned(budi, { content_type: "image/png", size: PNG.length });
      expect((await post(uploaded.url, uploaded.fields, { data: PNG, type: "image/png", filename: "ktp.png" })).statusCode).toBe(204);
      pending = await presigned(budi, { content_type: "image/png", size: PNG.length });
    });
    const check = (value: unknown, customerId: string | null, accept?: string[]) => checkUploadedFileValue(t.database.db, value, { customerId, accept });

    it("accepts the owner's uploaded file, with or without an accept list that covers its type", async () => {
      expect(await check(valueOf(uploaded), budi.customerId)).toEqual([]);
      expect(await check(valueOf(uploaded), budi.customerId, ["image/*"])).toEqual([]);
      expect(await check(valueOf(uploaded), budi.customerId, ["image/png", "application/pdf"])).toEqual([]);
      expect(await check(valueOf(uploaded), budi.customerId, [".png"])).toEqual([]);
    });

    it.each([
      ["not JSON", "{id:", "Berkas tidak valid. Silakan unggah ulang."],
      ["JSON of another shape", JSON.stringify({ id: 1 }), "Berkas tidak valid. Silakan unggah ulang."],
      ["an id that is no uuid", JSON.stringify({ id: "x", storage: "local", metadata: { size: 1, filename: "a", mime_type: "image/png" } }), "Berkas tidak valid. Silakan unggah ulang."],
      ["not a string", 42, "Berkas tidak valid. Silakan unggah ulang."],
    ])("refuses %s", async (_label, value, message) => {
      expect(await check(value, budi.customerId)).toEqual([message]);
    });

    it("refuses an unknown upload, someone else's, one not uploaded yet and a type the field does not accept", async () => {
      expect(await check(valueOf(uploaded, { id: "00000000-0000-4000-8000-000000000000" }), budi.customerId)).toEqual(["Berkas tidak ditemukan. Silakan unggah ulang."]);
      expect(await check(valueOf(uploaded, { storage: "s3" }), budi.customerId)).toEqual(["Berkas tidak ditemukan. Silakan unggah ulang."]);
      expect(await check(valueOf(uploaded), sari.customerId)).toEqual(["Berkas ini bukan milik Anda. Silakan unggah berkas Anda sendiri."]);
      expect(await check(valueOf(uploaded), null)).toEqual(["Berkas ini bukan milik Anda. Silakan unggah berkas Anda sendiri."]);
      expect(await check(valueOf(pending), budi.customerId)).toEqual(["Berkas belum selesai diunggah. Silakan unggah ulang."]);
      expect(await check(valueOf(uploaded), budi.customerId, ["application/pdf", ".jpg"])).toEqual(["Jenis berkas tidak diterima. Pilih berkas application/pdf, .jpg."]);
    });
  });
});
