import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { PNG, uploadTestApp } from "./upload-test-kit.ts";

/**
 * Over a real socket, unlike inject: a refused upload whose body is still arriving must get its
 * answer, and must not keep the connection (closing the server would otherwise wait for it).
 */
describe("field uploads over HTTP", () => {
  let t: Awaited<ReturnType<typeof uploadTestApp>>;
  let base: string;
  let budi: TestSession;
  beforeAll(async () => {
    t = await uploadTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
  });
  afterAll(() => t.close());

  const presign = async () => {
    const res = await fetch(`${base}/app_api/v1/field_uploads/presign_upload`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-authorization": budi.token },
      body: JSON.stringify({ data: { filename: "a.png", content_type: "image/png", size: PNG.length } }),
    });
    return ((await res.json()) as { data: { url: string; fields: Record<string, string> } }).data;
  };
  const send = (p: { url: string; fields: Record<string, string> }, data: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(p.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(data)], { type: "image/png" }), "a.png");
    return fetch(`${base}${p.url}`, { method: "POST", body: form, headers: { "x-locale": "id" } });
  };

  it.each([[1], [200_000], [3_000_000]])("answers 413 to a file %i bytes over its policy, closing the connection; the right file then goes in", async (extra) => {
    const p = await presign();
    const res = await send(p, Buffer.concat([PNG, Buffer.alloc(extra)]));
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.json()).toEqual({ error: { code: "upload_file_too_large", message: `Berkas melebihi ukuran yang diizinkan (${PNG.length} byte).` } });
    expect((await send(p, PNG)).status).toBe(204);
  });
});
