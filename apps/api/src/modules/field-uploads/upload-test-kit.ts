import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
