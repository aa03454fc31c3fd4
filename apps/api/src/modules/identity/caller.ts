import type { FastifyRequest } from "fastify";
import type { Caller } from "../../plugins/auth.ts";

/** The caller of a route whose access rule needs a session (the auth hook answered 401 without one). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error("route without a session rule (signed_in, owner or operator) reads the caller");
  return request.caller;
}
