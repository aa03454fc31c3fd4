import { Transform } from "node:stream";

/** The first bytes every file of an allowed type starts with. */
const MAGIC: Record<string, Buffer> = {
  "image/jpeg": Buffer.from([0xff, 0xd8, 0xff]),
  "image/png": Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  "application/pdf": Buffer.from("%PDF", "latin1"),
};

export class FileTooLarge extends Error {}
export class FileContentMismatch extends Error {}

/**
 * Passes a file through while counting its bytes and checking its first bytes against the
 * declared type: a renamed executable or an oversized body fails before it is complete, so the
 * storage never keeps it (the error destroys the write and its temporary file).
 */
export function fileGuard(contentType: string, maxBytes: number, truncated: () => boolean = () => false): Transform {
  const magic = MAGIC[contentType];
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLarge());
      if (!checked) {
        head = Buffer.concat([head, chunk]).subarray(0, magic?.length ?? 0);
        if (magic && head.length >= magic.length) {
          checked = true;
          if (!head.equals(magic)) return callback(new FileContentMismatch());
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      // The parser's own limit cut the stream short: what arrived is not the whole file.
      if (truncated()) return callback(new FileTooLarge());
      // Shorter than its signature (or empty): not a file of that type.
      callback(checked ? null : new FileContentMismatch());
    },
  });
}
