import type { Transform } from "node:stream";

/** Writes the chunks through an HTML transform stream of entry.server and returns what came out. */
export async function throughStream(stream: Transform, chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  stream.on("data", (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const c of chunks) stream.write(c);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}
