import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileURLToPath, pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { isApiPath } from "./plugins/errors.ts";
import { loggablePagePath, pagePatterns } from "./plugins/log-safety.ts";
import { pageUrl } from "./page-url.ts";

export const WEB_BUILD_DIR = fileURLToPath(new URL("../../web/build", import.meta.url));
const FALLBACK_PAGE = readFileSync(new URL("./fallback-error.html", import.meta.url), "utf8");

export function webBuildExists(): boolean {
  return existsSync(`${WEB_BUILD_DIR}/server/index.js`);
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(pageUrl(request.url, origin), {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Serves the built React Router site on every path the API does not own. The SSR scope keeps
 * request bodies unread (React Router reads form posts itself) and streams the answer through
 * Fastify, so compression and security headers apply to pages too.
 */
export async function mountWeb(app: FastifyInstance): Promise<void> {
  const build = (await import(pathToFileURL(`${WEB_BUILD_DIR}/server/index.js`).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  // A page's path may hold a secret (a password link's token, a lead or purchase id): logged by its pattern.
  app.decorate("loggablePagePath", loggablePagePath(pagePatterns(build.routes)));

  await app.register(fastifyStatic, {
    root: `${WEB_BUILD_DIR}/client`,
    prefix: "/",
    wildcard: false,
    index: false,
    // Scripts and stylesheets as compressed by the build (scripts/compress-assets.mjs), not per request.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  await app.register(async (ssr) => {
    ssr.removeAllContentTypeParsers();
    ssr.addContentTypeParser("*", (_request, _payload, done) => done(null));
    ssr.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      handler: async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound();
        const nonce = randomBytes(16).toString("base64");
        let response: Response;
        try {
          response = await handle(toWebRequest(request, app.config.publicOrigin), {
            services: app.services,
            cspNonce: nonce,
          });
        } catch (error) {
          // The error page itself failed: a plain English page that needs nothing to render.
          request.log.error({ err: error }, "page rendering failed");
          return reply.status(500).type("text/html; charset=utf-8").send(FALLBACK_PAGE);
        }
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== "set-cookie") reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
          reply.header("content-security-policy", contentSecurityPolicy(nonce));
        }
        if (!response.body || request.method === "HEAD") return reply.send();
        return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
      },
    });
  });
}
