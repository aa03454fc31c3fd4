import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { Db } from "@pinjaman/db";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { sandboxOpenBankingRoutes } from "./integrations/open-banking/routes.ts";
import { sandboxOutboxRoutes } from "./integrations/outbox-routes.ts";
import { voiceRoutes } from "./integrations/voice/routes.ts";
import { integrationsPlugin } from "./integrations/plugin.ts";
import { authyRoutes } from "./modules/authentication/authy-routes.ts";
import { companyRoutes } from "./modules/company/routes.ts";
import { customerNoticeRoutes } from "./modules/customer-notices/routes.ts";
import { deviceRoutes } from "./modules/devices/routes.ts";
import { identityRoutes } from "./modules/identity/routes.ts";
import { offerRoutes } from "./modules/offers/routes.ts";
import { addressRoutes } from "./modules/addresses/routes.ts";
import { loadFlowCatalogue, type FlowCatalogue } from "./flows/flow-catalogue.ts";
import { publicFlowRoutes } from "./modules/flows/public-routes.ts";
import { flowRoutes } from "./modules/flows/routes.ts";
import { accountApplicationRoutes } from "./modules/account-applications/routes.ts";
import { fieldUploadRoutes } from "./modules/field-uploads/routes.ts";
import type { FileStorage } from "./integrations/storage/file-storage.ts";
import { selectStorage } from "./integrations/storage/select-storage.ts";
import { scopedFlowRoutes } from "./modules/flows/scoped-routes.ts";
import { supportRoutes } from "./modules/support/routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { createServices, type Services } from "./services.ts";
import "@pinjaman/i18n/ns/all";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: Config;
    services: Services;
    flowCatalogue: FlowCatalogue;
    /** Where field uploads live (local disk or S3), chosen by configuration. */
    fileStorage: FileStorage;
  }
}

export type BuildAppOptions = {
  db: Db;
  config: Config;
  /** Mounts the SSR site on every path the API does not own (main.ts passes it). */
  web?: (app: FastifyInstance) => Promise<void>;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp({ db, config, web }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ["req.headers.cookie", "req.headers['x-authorization']"] },
    // A caller's own id is kept when well formed, so a request can be followed across services.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: "loopback",
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);
  app.decorate("services", createServices(db, config));
  app.decorate("flowCatalogue", await loadFlowCatalogue(db));
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(helmet, {
    // The site's pages set their own CSP with a per-request nonce (apps/api/src/web.ts).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: !config.publicOrigin.startsWith("http://"),
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(authPlugin);
  // Mail and SMS adapters chosen by configuration (outside the sandbox none exists yet: start fails).
  await app.register(integrationsPlugin);
  app.decorate("fileStorage", selectStorage(config));

  await app.register(swagger, {
    openapi: {
      info: { title: "Pinjaman API", version: "2.2.4", description: "Calls of the Pinjaman platform" },
      servers: [{ url: "/" }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  await app.register(companyRoutes);
  await app.register(offerRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(supportRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(sandboxOutboxRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(authyRoutes, { prefix: "/authy_api" });
  await app.register(identityRoutes, { prefix: "/app_api/v1" });
  await app.register(deviceRoutes, { prefix: "/app_api/v1" });
  await app.register(customerNoticeRoutes, { prefix: "/app_api/v1" });
  await app.register(flowRoutes, { prefix: "/app_api/v1" });
  await app.register(accountApplicationRoutes, { prefix: "/app_api/v1" });
  await app.register(fieldUploadRoutes, { prefix: "/app_api/v1" });
  await app.register(scopedFlowRoutes, { prefix: "/app_api/v1" });
  await app.register(publicFlowRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(addressRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(voiceRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(sandboxOpenBankingRoutes, { prefix: "/pub_api/v1/open" });

  if (web) await web(app);
  return app;
}
