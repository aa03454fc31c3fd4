import type { FastifyReply, FastifyRequest } from "fastify";

/** The APIs that use sessions (app_api, authy_api): what they answer is personal. */
export const SESSION_API_PREFIXES = ["/app_api/", "/authy_api/"];

/**
 * Every answer of the session APIs, a refusal included (it may name what was refused), carries
 * `Cache-Control: no-store`: no browser cache or proxy keeps personal data. A route that already
 * says no-store (with `private`) keeps its own header.
 */
export function keepOutOfCaches(request: FastifyRequest, reply: FastifyReply): void {
  if (!SESSION_API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
  if (!String(reply.getHeader("cache-control") ?? "").includes("no-store")) reply.header("cache-control", "no-store");
}
