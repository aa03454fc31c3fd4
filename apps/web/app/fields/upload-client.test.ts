import type { PresignedUpload } from "@pinjaman/contracts/uploads";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { presignFieldUpload, uploadFieldFile } from "./upload-client.ts";

/** Stands in for XMLHttpRequest: records what the client sends and answers when told. */
class FakeXhr {
  static last: FakeXhr;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text = "") {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const local: PresignedUpload = {
  url: "/app_api/v1/field_uploads/0f8e1c0e-0000-4000-8000-000000000001/content",
  method: "POST",
  fields: { key: "field_uploads/0f8e1c0e-0000-4000-8000-000000000001", "Content-Type": "image/png", policy: "eyJ9", signature: "ab".repeat(32) },
  id: "0f8e1c0e-0000-4000-8000-000000000001",
  storage: "local",
};
const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], { type: "image/png" });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => vi.stubGlobal("XMLHttpRequest", FakeXhr));
afterEach(() => vi.unstubAllGlobals());

describe("uploadFieldFile", () => {
  it("fails 'onFilePresign not configured!' without a presign handler", async () => {
    await expect(uploadFieldFile(file, "ktp.png", { presign: null })).rejects.toThrow(new Error("onFilePresign not configured!"));
  });

  it("presigns, posts every field then the file with X-Locale and cookies, reports progress and returns the stored value", async () => {
    const presign = vi.fn(async () => local);
    const progress: number[] = [];
    const done = uploadFieldFile(file, "ktp.png", { presign, onProgress: (p) => progress.push(p) });
    await flush();
    expect(presign).toHaveBeenCalledWith({ filename: "ktp.png", content_type: "image/png", size: 6 });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(["POST", local.url]);
    expect(xhr.headers).toEqual({ "X-Locale": "id" });
    expect(xhr.withCredentials).toBe(true);
    const entries = [...xhr.body!.entries()];
    expect(entries.map(([name]) => name)).toEqual(["key", "Content-Type", "policy", "signature", "file"]);
    expect(entries.slice(0, 4).map(([, value]) => value)).toEqual(Object.values(local.fields));
    const sent = entries[4]![1] as File;
    expect([sent.name, sent.type, sent.size]).toEqual(["ktp.png", "image/png", 6]);

    xhr.upload.onprogress!({ lengthComputable: true, loaded: 3, total: 6 });
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 3, total: 0 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 6, total: 6 });
    xhr.answer(204);
    expect(progress).toEqual([50, -1, 100]);
    expect(await done).toBe(
      '{"id":"0f8e1c0e-0000-4000-8000-000000000001","storage":"local","metadata":{"size":6,"filename":"ktp.png","mime_type":"image/png"}}',
    );
  });

  it("posts to another origin (S3) with the given method, without X-Locale or credentials", async () => {
    const s3 = { ...local, url: "https://bucket.s3.ap-southeast-3.amazonaws.com/", method: "", storage: "s3" as const };
    const done = uploadFieldFile(file, "ktp.png", { presign: async () => s3 });
    await flush();
    expect([FakeXhr.last.method, FakeXhr.last.url]).toEqual(["POST", s3.url]);
    expect(FakeXhr.last.headers).toEqual({});
    expect(FakeXhr.last.withCredentials).toBe(false);
    FakeXhr.last.answer(204);
    expect(JSON.parse(await done)).toMatchObject({ storage: "s3" });
  });

  it("rejects with the server's message on a 4xx, from our JSON or S3's XML", async () => {
    const ours = uploadFieldFile(file, "ktp.png", { presign: async () => local });
    await flush();
    FakeXhr.last.answer(403, JSON.stringify({ error: { code: "upload_policy_expired", message: "Izin unggah sudah kedaluwarsa. Silakan ulangi unggahan." } }));
    await expect(ours).rejects.toMatchObject({ message: "Izin unggah sudah kedaluwarsa. Silakan ulangi unggahan.", status: 403, code: "upload_policy_expired" });

    const s3 = uploadFieldFile(file, "ktp.png", { presign: async () => local });
    await flush();
    FakeXhr.last.answer(400, "<?xml version=\"1.0\"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>");
    await expect(s3).rejects.toMatchObject({ message: "Your proposed upload exceeds the maximum allowed size", status: 400, code: "EntityTooLarge" });

    const bare = uploadFieldFile(file, "ktp.png", { presign: async () => local });
    await flush();
    FakeXhr.last.answer(413, "");
    await expect(bare).rejects.toMatchObject({ message: "Terjadi kesalahan", status: 413 });
  });

  it("rejects with the network message when the post fails, and with the abort reason when aborted", async () => {
    const failed = uploadFieldFile(file, "ktp.png", { presign: async () => local });
    await flush();
    FakeXhr.last.onerror!();
    await expect(failed).rejects.toMatchObject({ status: 0, message: "Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi." });

    const abort = new AbortController();
    const aborted = uploadFieldFile(file, "ktp.png", { presign: async () => local, signal: abort.signal });
    await flush();
    abort.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeXhr.last.aborted).toBe(true);
  });
});

describe("presignFieldUpload", () => {
  it("calls presign_upload through apiFetch and returns the data", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: local }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const data = { filename: "ktp.png", content_type: "image/png", size: 6 };
    expect(await presignFieldUpload(data)).toEqual(local);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/app_api/v1/field_uploads/presign_upload");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ data });
    expect((init.headers as Record<string, string>)["X-Locale"]).toBe("id");
  });
});
