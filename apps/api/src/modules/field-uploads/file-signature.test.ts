import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { FileContentMismatch, FileTooLarge, fileGuard } from "./file-signature.ts";

const run = (chunks: Buffer[], type: string, max: number, truncated = false) =>
  pipeline(
    Readable.from(chunks),
    fileGuard(type, max, () => truncated),
    new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    }),
  );

describe("fileGuard", () => {
  it("passes files that start like their type, even when the signature spans chunks", async () => {
    await expect(run([Buffer.from([0x89, 0x50]), Buffer.from([0x4e, 0x47, 1])], "image/png", 5)).resolves.toBeUndefined();
    await expect(run([Buffer.from([0xff, 0xd8, 0xff])], "image/jpeg", 3)).resolves.toBeUndefined();
    await expect(run([Buffer.from("%PDF-1.4")], "application/pdf", 8)).resolves.toBeUndefined();
  });

  it("refuses other first bytes, files shorter than the signature and empty files", async () => {
    await expect(run([Buffer.from("%PDF")], "image/png", 10)).rejects.toBeInstanceOf(FileContentMismatch);
    await expect(run([Buffer.from([0xff, 0xd8])], "image/jpeg", 10)).rejects.toBeInstanceOf(FileContentMismatch);
    await expect(run([], "application/pdf", 10)).rejects.toBeInstanceOf(FileContentMismatch);
  });

  it("refuses one byte over the limit, and a stream the parser cut short", async () => {
    await expect(run([Buffer.from("%PDF-"), Buffer.from("1")], "application/pdf", 5)).rejects.toBeInstanceOf(FileTooLarge);
    await expect(run([Buffer.from("%PDF-")], "application/pdf", 5, true)).rejects.toBeInstanceOf(FileTooLarge);
  });
});
