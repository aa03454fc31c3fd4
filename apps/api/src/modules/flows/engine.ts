import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestOrigin } from "../audit/audit-service.ts";
import type { Actor, FlowEngine } from "./flow-engine.ts";

/** The engine as the routes use it: the app's database, flow catalogue and code senders. */
export function engineOf(app: FastifyInstance): FlowEngine {
  return {
    db: app.db,
    catalogue: app.flowCatalogue,
    storage: app.fileStorage,
    voice: app.voice,
    openBanking: app.openBanking,
    signatures: { mailer: app.mailer, sms: app.sms },
    sandbox: app.config.sandbox,
  };
}

export function actorOf(request: FastifyRequest): Actor {
  return { caller: request.caller, origin: requestOrigin(request) };
}
