import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";

export const UPLOAD_TEST_SECRET = "u".repeat(40);

/** testApp() with uploads in a temporary directory and a 2 KB limit. */
export async function uploadTestApp(): Promise<TestApp & { dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), "field-uploads-"));
  const test = await testApp({ UPLOAD_DIR: dir, UPLOAD_SECRET: UPLOAD_TEST_SECRET, UPLOAD_MAX_BYTES: "2048" });
  return {
    ...test,
    dir,
    close: async () => {
      await test.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body: the fields in order, then the file under `file`. */
export function multipartForm(fields: Record<string, string>, file?: { data: Buffer; type: string; filename: string }) {
  const boundary = "----pinjaman-test-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png-body")]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("jpeg-body")]);
export const PDF = Buffer.from("%PDF-1.7\n%test\n");

/**
 * A real (decodable) 1×1 baseline JPEG, 125 bytes: what a phone camera field uploads, only
 * smaller. Its first bytes are what the upload route checks against image/jpeg.
 */
export const JPEG_1PX = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

/** How a flow test's caller authenticates: the browser's cookie or a native client's headers. */
export type UploadAuth = { cookie?: string; headers?: Record<string, string> };

/** Presigns and uploads a JPEG as a camera field does; returns the value the field stores. */
export async function uploadFlowJpeg(app: FastifyInstance, auth: UploadAuth, filename: string, flowProgressId?: string): Promise<string> {
  const presign = await app.inject({
    method: "POST",
    url: "/app_api/v1/field_uploads/presign_upload",
    headers: { "x-locale": "id", ...auth.headers },
    ...(auth.cookie ? { cookies: { client: auth.cookie } } : {}),
    payload: { data: { filename, content_type: "image/jpeg", size: JPEG_1PX.length, ...(flowProgressId ? { flow_progress_id: flowProgressId } : {}) } },
  });
  expect(presign.statusCode, presign.body).toBe(200);
  const p = presign.json().data as { url: string; fields: Record<string, string>; id: string; storage: string };
  const form = multipartForm(p.fields, { data: JPEG_1PX, type: "image/jpeg", filename });
  const uploaded = await app.inject({ method: "POST", url: p.url, headers: { ...form.headers, "x-locale": "id" }, payload: form.payload });
  expect(uploaded.statusCode, uploaded.body).toBe(204);
  return JSON.stringify({ id: p.id, storage: p.storage, metadata: { size: JPEG_1PX.length, filename, mime_type: "image/jpeg" } });
}
