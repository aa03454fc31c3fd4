import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";
import { LocalStorage } from "./local.ts";
import { S3Storage } from "./s3.ts";
import { selectStorage } from "./select-storage.ts";
import { encodePolicy, signPolicy } from "./upload-policy.ts";

const SECRET = "s".repeat(32);

describe("local storage", () => {
  let dir: string;
  let storage: LocalStorage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "uploads-"));
    storage = new LocalStorage(dir, SECRET);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const input = { id: "0f8e1c0e-0000-4000-8000-000000000001", key: "field_uploads/one", contentType: "image/png", maxBytes: 100, expiresAt: new Date("2026-11-22T15:15:00.000Z") };

  it("presigns a POST to the API with key, type, policy and its HMAC-SHA256 signature", () => {
    const form = storage.presign(input);
    const policy = encodePolicy({ key: "field_uploads/one", content_type: "image/png", max_size: 100, expires: "2026-11-22T15:15:00.000Z" });
    expect(form).toEqual({
      url: "/app_api/v1/field_uploads/0f8e1c0e-0000-4000-8000-000000000001/content",
      method: "POST",
      fields: { key: "field_uploads/one", "Content-Type": "image/png", policy, signature: signPolicy(policy, SECRET) },
    });
    expect(signPolicy(policy, SECRET)).toMatch(/^[0-9a-f]{64}$/);
    expect(storage.verify(form.fields)).toEqual({ key: "field_uploads/one", content_type: "image/png", max_size: 100, expires: "2026-11-22T15:15:00.000Z" });
  });

  it("refuses a policy changed after signing, a wrong signature and another secret's policy", () => {
    const form = storage.presign(input);
    const bigger = encodePolicy({ key: "field_uploads/one", content_type: "image/png", max_size: 10_000_000, expires: "2026-11-22T15:15:00.000Z" });
    expect(storage.verify({ ...form.fields, policy: bigger })).toBeNull();
    expect(storage.verify({ ...form.fields, signature: "0".repeat(64) })).toBeNull();
    expect(storage.verify({ ...form.fields, signature: "short" })).toBeNull();
    expect(new LocalStorage(dir, "t".repeat(32)).verify(form.fields)).toBeNull();
  });

  it("writes atomically, never replaces an object and keeps keys inside the directory", async () => {
    expect(await storage.write("field_uploads/a", Readable.from([Buffer.from("hello")]))).toBe(5);
    expect(await readFile(join(dir, "field_uploads/a"), "utf8")).toBe("hello");
    await expect(storage.write("field_uploads/a", Readable.from([Buffer.from("other")]))).rejects.toMatchObject({ code: "EEXIST" });
    const failing = new Readable({
      read() {
        this.destroy(new Error("too big"));
      },
    });
    await expect(storage.write("field_uploads/b", failing)).rejects.toThrow("too big");
    expect((await readdir(join(dir, "field_uploads"))).sort()).toEqual(["a"]);
    expect(await storage.exists("field_uploads/a")).toBe(true);
    expect(await storage.exists("field_uploads/b")).toBe(false);
    expect(() => storage.path("../escape")).toThrow("object key outside the upload directory");
  });

  it("leaves no temporary file behind when the check on the way refuses the first bytes", async () => {
    const refuseAtOnce = () =>
      new Transform({
        transform(_chunk, _encoding, done) {
          done(new Error("not a png"));
        },
      });
    const refused = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => storage.write(`field_uploads/refused-${i}`, Readable.from([Buffer.from("GIF89a")]), refuseAtOnce())),
    );
    expect(refused.every((r) => r.status === "rejected")).toBe(true);
    expect((await readdir(join(dir, "field_uploads"))).filter((name) => name !== "a")).toEqual([]);
  });

  it("is chosen by configuration; outside the sandbox it needs UPLOAD_SECRET", () => {
    expect(selectStorage(loadConfig({}))).toBeInstanceOf(LocalStorage);
    const s3 = loadConfig({ STORAGE: "s3", S3_BUCKET: "bucket-1", S3_ACCESS_KEY_ID: "AKID", S3_SECRET_ACCESS_KEY: "secret" });
    expect(selectStorage(s3)).toBeInstanceOf(S3Storage);
    const production = loadConfig({ DATABASE_URL: "postgres://db/p", COMPANY_API_KEY: "k".repeat(32) });
    expect(() => selectStorage(production)).toThrow(ConfigError);
    expect(() => selectStorage(production)).toThrow("UPLOAD_SECRET is required when SANDBOX is off and STORAGE is local");
    expect(selectStorage(loadConfig({ DATABASE_URL: "postgres://db/p", COMPANY_API_KEY: "k".repeat(32), UPLOAD_SECRET: SECRET }))).toBeInstanceOf(LocalStorage);
  });
});
