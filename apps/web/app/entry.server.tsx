import { createReadableStreamFromReadable } from "@react-router/node";
import { pipeline } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { injectCriticalCss } from "./critical-css.server.ts";
import { moveModulePreloadsLate } from "./late-module-preloads.server.ts";
import "./load-context.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const nonce = loadContext.cspNonce;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Never move a finished boundary out of line to the end of the document (React does so
        // past this many bytes): the page would paint without it and shift when it is revealed.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // Loaders have finished before rendering starts, so the only thing left to wait for is
        // a lazy widget's module: waiting for everything sends each page complete, never a
        // Suspense fallback streamed ahead of its content (which would shift the layout).
        onAllReady() {
          shellRendered = true;
          const body = injectCriticalCss(nonce);
          // pipeline, not pipe: a failure on either side ends the response instead of hanging it.
          const sent = moveModulePreloadsLate();
          pipeline(body, sent, () => {});
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(sent), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
