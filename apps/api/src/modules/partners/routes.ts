import { errorBody } from "@pinjaman/contracts/errors";
import {
  createLeadRequest,
  createPurchaseRequest,
  leadProgressResponse,
  leadResponse,
  partnerIdParams,
  partnerCallbackBody,
  partnerKeyResponse,
  partnerListResponse,
  partnerResponse,
  partnerSettlementRequest,
  payPurchaseRequest,
  payPurchaseResponse,
  purchaseDetailResponse,
  purchaseResponse,
} from "@pinjaman/contracts/partners";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Refusal } from "../../plugins/errors.ts";
import { SIGNATURE_HEADER, verifyCallbackSignature } from "./partner-callbacks.ts";
import { SANDBOX_PARTNER } from "./partner-keys.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { loginRequired } from "../flows/flow-errors.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { listPartners, partnerSummaryOf, rotatePartnerKey } from "./partner-admin.ts";
import { saveSettlementAccount } from "./settlement-account.ts";
import { createLead, leadProgress, leadView, partnerLead } from "./lead-service.ts";
import { createPurchase, partnerPurchase, payPurchase, purchaseDetail, purchaseView } from "./purchase-service.ts";

const refusals = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

function partnerOf(request: { partner?: { partnerId: string } }): string {
  // The auth plugin answered 401 already when no partner key came with the call.
  if (!request.partner) throw new Error("partner route reached without a partner key");
  return request.partner.partnerId;
}

/**
 * The partner API under /partner_api/v1 (issue 10 section 2): a partner's key in X-Api-Key; every
 * id is looked up with the partner's id, so another partner's lead or purchase is a 404.
 */
export const partnerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = app.config.publicOrigin;

  app.post(
    "/leads",
    {
      config: { access: { kind: "partner" } },
      schema: {
        tags: ["partners"],
        summary: "Create a lead: prefilled customer data and product; answers the link to send the customer",
        body: createLeadRequest,
        response: { 200: leadResponse, 201: leadResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const { lead, created } = await createLead(app.db, partnerOf(request), request.body.data);
      return reply.status(created ? 201 : 200).send({ data: await leadView(app.db, origin, lead) });
    },
  );

  app.get(
    "/leads/:id",
    {
      config: { access: { kind: "partner", partnerIds: [{ in: "params", name: "id", resource: "lead" }] } },
      schema: { tags: ["partners"], summary: "A lead's status and its application", params: partnerIdParams, response: { 200: leadResponse, ...refusals } },
    },
    async (request) => ({ data: await leadView(app.db, origin, await partnerLead(app.db, partnerOf(request), request.params.id)) }),
  );

  app.post(
    "/purchases",
    {
      config: { access: { kind: "partner" } },
      schema: {
        tags: ["partners"],
        summary: "Create a purchase (merchant, item, amount, discount, tenor) the customer pays by instalments",
        body: createPurchaseRequest,
        response: { 200: purchaseResponse, 201: purchaseResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const { purchase, created } = await createPurchase(app.db, partnerOf(request), request.body.data);
      return reply.status(created ? 201 : 200).send({ data: await purchaseView(app.db, origin, purchase) });
    },
  );

  app.get(
    "/purchases/:id",
    {
      config: { access: { kind: "partner", partnerIds: [{ in: "params", name: "id", resource: "purchase" }] } },
      schema: { tags: ["partners"], summary: "A purchase's status and its application", params: partnerIdParams, response: { 200: purchaseResponse, ...refusals } },
    },
    async (request) => ({ data: await purchaseView(app.db, origin, await partnerPurchase(app.db, partnerOf(request), request.params.id)) }),
  );
};

/** The customer's side of leads and purchases. */
export const partnerCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = async () => (await businessNow(app.db, { sandbox: app.config.sandbox })).date;

  app.get(
    "/pub_api/v1/open/purchases/:id",
    {
      // The purchase id is the link the partner gave the customer: it shows the merchant's item and the offer, nothing of a customer.
      config: { access: { kind: "public" } },
      schema: { tags: ["partners"], summary: "A purchase as its customer sees it, with the instalment offer", params: partnerIdParams, response: { 200: purchaseDetailResponse, 404: errorBody } },
    },
    async (request) => ({ data: await purchaseDetail(app.db, request.params.id, await today()) }),
  );

  app.post(
    "/app_api/v1/leads/:id/flow_progress",
    {
      // The lead id is the partner's link: anyone holding it continues the lead until a customer owns its progress.
      config: { access: { kind: "public" } },
      schema: { tags: ["partners"], summary: "The flow progress a lead continues in (created, prefilled, on first use)", params: partnerIdParams, response: { 200: leadProgressResponse, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody } },
    },
    async (request) => {
      const progress = await leadProgress(app.db, app.flowCatalogue, request.params.id, request.caller?.customerId ?? null);
      return { data: { flow_key: progress.flowKey, flow_progress_id: progress.progressId } };
    },
  );

  app.post(
    "/app_api/v1/purchases/:id/payments",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["partners"],
        summary: "Pay a purchase by instalments: it becomes the caller's loan application",
        params: partnerIdParams,
        body: payPurchaseRequest,
        response: { 201: payPurchaseResponse, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw loginRequired();
      return reply.status(201).send({ data: await payPurchase(app.db, app.flowCatalogue, request.params.id, caller.customerId, await today()) });
    },
  );
};

/** Staff (partners.manage): the partners, their settlement accounts, and a new API key to hand to one (shown once). */
export const partnerStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/partners",
    {
      config: { access: { kind: "staff", permission: "partners.manage" } },
      schema: { tags: ["partners"], summary: "Partners with their branches and live key prefixes (staff)", response: { 200: partnerListResponse, 401: errorBody, 403: errorBody } },
    },
    async () => ({ data: await listPartners(app.db) }),
  );

  app.put(
    "/partners/:id/settlement_account",
    {
      config: { access: { kind: "staff", permission: "partners.manage" } },
      schema: {
        tags: ["partners"],
        summary: "Set a partner's settlement bank account, where the loans of its purchases are paid (staff)",
        params: partnerIdParams,
        body: partnerSettlementRequest,
        response: { 200: partnerResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const saved = await saveSettlementAccount(app.db, request.params.id, request.body.data, (tx, change) =>
        recordStaffAction(tx, request, {
          permission: "partners.manage",
          action: "partner.settlement_account.set",
          subjectType: "partner",
          subjectId: request.params.id,
          before: change.before,
          after: change.after,
        }),
      );
      return { data: await partnerSummaryOf(app.db, saved) };
    },
  );

  app.post(
    "/partners/:id/api_keys",
    {
      config: { access: { kind: "staff", permission: "partners.manage" } },
      schema: {
        tags: ["partners"],
        summary: "Issue a partner's API key (its older keys are revoked); answers the key and the callback secret once (staff)",
        params: partnerIdParams,
        response: { 201: partnerKeyResponse, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const issued = await rotatePartnerKey(app.db, request.params.id, (tx, result) =>
        // The key itself is never recorded: its visible prefix and the prefixes it replaced.
        recordStaffAction(tx, request, {
          permission: "partners.manage",
          action: "partner.api_key.issue",
          subjectType: "partner",
          subjectId: result.partnerId,
          before: { key_prefixes: result.revoked },
          after: { key_prefixes: [result.prefix] },
        }),
      );
      return reply.status(201).send({ data: { partner_id: issued.partner.id, api_key: issued.key, prefix: issued.prefix, callback_secret: issued.partner.callbackSecret } });
    },
  );
};

/**
 * Sandbox only: the sandbox partner's callback address (README "Partners"). It checks the
 * signature as a partner would and answers 204, or 401 for a bad signature.
 */
export const sandboxPartnerCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) return;
  app.post(
    "/sandbox/partner_callbacks",
    {
      config: { access: { kind: "sandbox" } },
      schema: { tags: ["sandbox"], summary: "The sandbox partner's callback receiver: checks the signature", body: partnerCallbackBody, response: { 204: z.null(), 400: errorBody, 401: errorBody } },
    },
    async (request, reply) => {
      const signature = request.headers[SIGNATURE_HEADER];
      // Our own sender wrote the body with JSON.stringify: the parsed body re-serialises to the same text.
      const ok = verifyCallbackSignature(SANDBOX_PARTNER.callbackSecret, JSON.stringify(request.body), typeof signature === "string" ? signature : undefined, Math.floor(Date.now() / 1000));
      if (!ok) throw new Refusal(401, "bad_signature", t("partners.error.bad_signature"));
      request.log.info({ callback: request.body.id, type: request.body.type, status: request.body.application.status }, "sandbox partner callback received");
      return reply.status(204).send(null);
    },
  );
};
