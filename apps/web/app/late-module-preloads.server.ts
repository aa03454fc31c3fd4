import { Transform } from "node:stream";

const HEAD_END = Buffer.from("</head>");
const SCRIPT = Buffer.from("<script");
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;

/**
 * Moves the document's `<link rel="modulepreload">` tags from the head (where React hoists the
 * ones React Router's <Scripts> renders) to right before the first script of the body, after
 * the page's content. In the head they start a dozen script downloads while the HTML is still
 * arriving, which on a slow link share its bandwidth and delay the first paint (decision 0005);
 * after the content, the browser finds them once the markup is in, and still fetches the module
 * graph in parallel rather than import by import. React finds hoisted links anywhere in the
 * document when it hydrates. Works on bytes (latin1 round-trips them unchanged).
 */
export function moveModulePreloadsLate(): Transform {
  let pending = Buffer.alloc(0);
  let preloads: Buffer | null = null;
  let placed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (placed) return callback(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      if (preloads === null) {
        const at = pending.indexOf(HEAD_END);
        if (at === -1) return callback();
        const head = pending.subarray(0, at).toString("latin1");
        preloads = Buffer.from((head.match(MODULE_PRELOAD) ?? []).join(""), "latin1");
        out.push(Buffer.from(head.replace(MODULE_PRELOAD, ""), "latin1"));
        pending = pending.subarray(at);
      }
      const script = pending.indexOf(SCRIPT);
      if (script === -1) {
        // Keep what may be the start of "<script" for the next chunk.
        const cut = Math.max(0, pending.length - (SCRIPT.length - 1));
        out.push(pending.subarray(0, cut));
        pending = pending.subarray(cut);
      } else {
        placed = true;
        out.push(pending.subarray(0, script), preloads, pending.subarray(script));
        pending = Buffer.alloc(0);
      }
      const bytes = Buffer.concat(out);
      callback(null, bytes.length > 0 ? bytes : undefined);
    },
    flush(callback) {
      const rest = placed || preloads === null ? pending : Buffer.concat([pending, preloads]);
      callback(null, rest.length > 0 ? rest : undefined);
    },
  });
}
