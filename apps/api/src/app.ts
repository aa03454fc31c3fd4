import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { Db } from "@pinjaman/db";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
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
import { borrowerOfferRoutes } from "./modules/flows/borrower-offer-routes.ts";
import { accountApplicationRoutes } from "./modules/account-applications/routes.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { fieldUploadRoutes } from "./modules/field-uploads/routes.ts";
import type { FileStorage } from "./integrations/storage/file-storage.ts";
import { selectStorage } from "./integrations/storage/select-storage.ts";
import { scopedFlowRoutes } from "./modules/flows/scoped-routes.ts";
import { lenderFundsRoutes } from "./modules/ledger/routes.ts";
import { lenderMoneyRoutes } from "./modules/lender-money/routes.ts";
import { lenderTaxRoutes } from "./modules/lender-tax/routes.ts";
import { invoiceRoutes } from "./modules/invoices/routes.ts";
import { investmentReadRoutes } from "./modules/funding/read-routes.ts";
import { fundingRoutes } from "./modules/funding/routes.ts";
import { autoinvestRoutes } from "./modules/autoinvest/routes.ts";
import { disbursalRoutes } from "./modules/disbursal/routes.ts";
import { disbursalQueueRoutes } from "./modules/disbursal/queue-routes.ts";
import { reconciliationRoutes } from "./modules/reconciliation/routes.ts";
import { reviewQueueRoutes } from "./modules/review-queue/routes.ts";
import { paymentGatewayRoutes, sandboxPaymentRoutes } from "./modules/repayments/routes.ts";
import { infobipReportRoutes } from "./integrations/delivery/report-routes.ts";
import { supportRoutes } from "./modules/support/routes.ts";
import { staffSupportRoutes } from "./modules/support/staff-routes.ts";
import { staffCustomerRoutes } from "./modules/customers/routes.ts";
import { personalDataRoutes } from "./modules/personal-data/routes.ts";
import { partnerApiRoutes, partnerCustomerRoutes, partnerStaffRoutes, sandboxPartnerCallbackRoutes } from "./modules/partners/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { businessClockRoutes } from "./modules/business-clock/routes.ts";
import type { JobDefinition } from "./jobs/job-definition.ts";
import { jobDefinitions } from "./jobs/registry.ts";
import { tkbSnapshotRoutes } from "./modules/company/tkb-snapshot-routes.ts";
import { staffRoutes } from "./modules/staff/routes.ts";
import { approvalRoutes } from "./modules/approvals/routes.ts";
import { collectionRoutes } from "./modules/collections/routes.ts";
import { loanChangeRoutes } from "./modules/loan-changes/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { accessPlugin } from "./plugins/access.ts";
import { authPlugin } from "./plugins/auth.ts";
import { keepOutOfCaches } from "./plugins/no-store.ts";
import { openapiOptions } from "./plugins/openapi.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/errors.ts";
import { inFlightPlugin } from "./plugins/in-flight.ts";
import { serializeError, serializeRequest } from "./plugins/log-safety.ts";
import { refuseUnstorableText } from "./plugins/unstorable-text.ts";
import { createServices, type Services } from "./services.ts";
import { engineOf } from "./modules/flows/engine.ts";
import "@pinjaman/i18n/ns/all";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: Config;
    services: Services;
    flowCatalogue: FlowCatalogue;
    /** Where field uploads live (local disk or S3), chosen by configuration. */
    fileStorage: FileStorage;
    /** The jobs of jobs/registry.ts: the runner works them, the sandbox clock runs them when moved. */
    jobs: readonly JobDefinition[];
  }
}

export type BuildAppOptions = {
  db: Db;
  config: Config;
  /** Mounts the SSR site on every path the API does not own (main.ts passes it). */
  web?: (app: FastifyInstance) => Promise<void>;
  /** Where the log lines go (stdout by default; tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The jobs (jobs/registry.ts by default; tests pass their own). */
  jobs?: readonly JobDefinition[];
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The policy of /docs (Swagger UI): its page loads only its own files (no inline script, no eval),
 * reads the document and tries calls on this origin, and cannot be framed.
 */
const DOCS_CSP = {
  "default-src": "'none'",
  "base-uri": "'none'",
  "connect-src": "'self'",
  "font-src": "'self' data:",
  "form-action": "'self'",
  "frame-ancestors": "'none'",
  "img-src": "'self' data:",
  "object-src": "'none'",
  "script-src": "'self'",
  "script-src-attr": "'none'",
  // One <style> Swagger UI inserts at run time, allowed by its hash (a new Swagger UI fails e2e/docs.spec.ts).
  "style-src": "'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
};

export async function buildApp({ db, config, web, logStream, jobs = jobDefinitions }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Query values, bodies and failed queries' parameters never reach the logs (log-safety.ts).
      serializers: { req: serializeRequest, err: serializeError },
      redact: ["req.headers.cookie", "req.headers['x-authorization']", "req.headers['x-api-key']"],
      ...(logStream ? { stream: logStream } : {}),
    },
    // A caller's own id is kept when well formed, so a request can be followed across services.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: the proxies in front (a load balancer on another host with several instances).
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  });
  // Before any route: app.close() then waits for handlers still running (plugins/in-flight.ts).
  await app.register(inFlightPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);
  app.decorate("jobs", jobs);
  app.decorate("services", createServices(db, config, () => engineOf(app)));
  app.decorate("flowCatalogue", await loadFlowCatalogue(db));
  // Before any route: every API route must declare who may call it (config.access).
  await app.register(accessPlugin);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    keepOutOfCaches(request, reply);
  });

  await app.register(helmet, {
    // The site's pages set their own CSP with a per-request nonce (apps/api/src/web.ts).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: !config.publicOrigin.startsWith("http://"),
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  registerErrorHandling(app);
  refuseUnstorableText(app);
  await app.register(cookie);
  await app.register(authPlugin);
  // Mail and SMS adapters chosen by configuration (outside the sandbox none exists yet: start fails).
  await app.register(integrationsPlugin);
  app.decorate("fileStorage", selectStorage(config));

  // Security, operationIds and refusals derived from each route's access rule (plugins/openapi.ts).
  await app.register(swagger, openapiOptions(config.publicOrigin));
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: DOCS_CSP });

  await app.register(healthRoutes);
  await app.register(companyRoutes);
  await app.register(offerRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(supportRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(sandboxOutboxRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(authyRoutes, { prefix: "/authy_api" });
  await app.register(identityRoutes, { prefix: "/app_api/v1" });
  await app.register(deviceRoutes, { prefix: "/app_api/v1" });
  await app.register(customerNoticeRoutes, { prefix: "/app_api/v1" });
  await app.register(flowRoutes, { prefix: "/app_api/v1" });
  await app.register(accountRoutes, { prefix: "/app_api/v1" });
  await app.register(accountApplicationRoutes, { prefix: "/app_api/v1" });
  await app.register(fieldUploadRoutes, { prefix: "/app_api/v1" });
  await app.register(scopedFlowRoutes, { prefix: "/app_api/v1" });
  await app.register(borrowerOfferRoutes, { prefix: "/app_api/v1" });
  await app.register(lenderFundsRoutes, { prefix: "/app_api/v1" });
  await app.register(lenderMoneyRoutes, { prefix: "/app_api/v1" });
  await app.register(lenderTaxRoutes, { prefix: "/app_api/v1" });
  await app.register(invoiceRoutes, { prefix: "/app_api/v1" });
  await app.register(fundingRoutes, { prefix: "/app_api/v1" });
  await app.register(autoinvestRoutes, { prefix: "/app_api/v1" });
  await app.register(approvalRoutes, { prefix: "/app_api/v1" });
  await app.register(collectionRoutes, { prefix: "/app_api/v1" });
  await app.register(loanChangeRoutes, { prefix: "/app_api/v1" });
  await app.register(investmentReadRoutes, { prefix: "/app_api/v1" });
  await app.register(disbursalRoutes, { prefix: "/app_api/v1" });
  await app.register(reviewQueueRoutes, { prefix: "/app_api/v1" });
  await app.register(disbursalQueueRoutes, { prefix: "/app_api/v1" });
  await app.register(reconciliationRoutes, { prefix: "/app_api/v1" });
  await app.register(sandboxPaymentRoutes, { prefix: "/app_api/v1" });
  await app.register(paymentGatewayRoutes, { prefix: "/pub_api/v1" });
  await app.register(infobipReportRoutes, { prefix: "/pub_api/v1" });
  await app.register(publicFlowRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(addressRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(voiceRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(sandboxOpenBankingRoutes, { prefix: "/pub_api/v1/open" });
  await app.register(businessClockRoutes, { prefix: "/app_api/v1" });
  await app.register(tkbSnapshotRoutes, { prefix: "/app_api/v1" });
  await app.register(staffRoutes, { prefix: "/app_api/v1" });
  await app.register(staffCustomerRoutes, { prefix: "/app_api/v1" });
  await app.register(staffSupportRoutes, { prefix: "/app_api/v1" });
  await app.register(personalDataRoutes, { prefix: "/app_api/v1" });
  await app.register(settingsRoutes, { prefix: "/app_api/v1" });
  // Partners, leads and purchase (issue 10 section 2).
  await app.register(partnerApiRoutes, { prefix: "/partner_api/v1" });
  await app.register(partnerCustomerRoutes);
  await app.register(partnerStaffRoutes, { prefix: "/app_api/v1" });
  await app.register(sandboxPartnerCallbackRoutes, { prefix: "/pub_api/v1/open" });

  if (web) await web(app);
  return app;
}
