import type { FastifyRequest } from "fastify";
import type { Caller } from "../../plugins/auth.ts";

/** The caller of a route guarded by `app.requireCaller` (which answered 401 without one). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error("route is missing the requireCaller preHandler");
  return request.caller;
}
