import { Transform } from "node:stream";
import criticalCss from "./styles/critical.css?inline";

const HEAD_END = Buffer.from("</head>");

/**
 * Passes the rendered document through, adding the critical stylesheet as a <style> right before
 * `</head>` (once): the first paint then needs no stylesheet request. React leaves unknown nodes
 * in <head> alone when it hydrates, and the style stays for client-side navigations. Works on
 * bytes, so a chunk boundary inside a multi-byte character cannot corrupt the text.
 */
export function injectCriticalCss(nonce: string): Transform {
  const style = Buffer.from(`<style nonce="${nonce}">${criticalCss}</style>`);
  let pending = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      const at = pending.indexOf(HEAD_END);
      if (at === -1) return callback();
      done = true;
      const out = Buffer.concat([pending.subarray(0, at), style, pending.subarray(at)]);
      pending = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      callback(null, pending.length > 0 ? pending : undefined);
    },
  });
}
