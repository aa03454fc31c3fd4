import { errorBody } from "@pinjaman/contracts/errors";
import { accountParams } from "@pinjaman/contracts/invoices";
import { gatewayNotification, gatewayNotificationResponse, newPaymentRequest, PAYMENT_SIGNATURE_HEADER, paymentResponse } from "@pinjaman/contracts/payments";
import { t } from "@pinjaman/i18n";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ConfigError } from "../../config.ts";
import { Refusal } from "../../plugins/errors.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { validSignature } from "./gateway-signature.ts";
import { receivePayment } from "./payment-service.ts";
import { paymentView, sandboxPayment } from "./sandbox-payment.ts";
import "@pinjaman/i18n/ns/api";
import "@pinjaman/i18n/ns/payments";

const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * POST app_api/v1/accounts/{id}/payments (decision 0016): the sandbox plays the gateway and pays
 * into the loan's virtual account through the same path as a notification. Not registered
 * outside the sandbox, where the path answers the API's 404 (as the sandbox deposits do).
 */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) return;
  app.post(
    "/accounts/:id/payments",
    {
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "loan_account" }] } },
      schema: {
        tags: ["invoices", "sandbox"],
        summary: "Sandbox: pay into the caller's loan through one of its virtual accounts (the same key pays once)",
        params: accountParams,
        body: newPaymentRequest,
        response: { 200: paymentResponse, 201: paymentResponse, ...refused },
      },
    },
    async (request, reply) => {
      const { channel, amount, idempotency_key } = request.body.data;
      const today = (await businessNow(app.db, { sandbox: app.config.sandbox })).date;
      const { payment, replayed } = await sandboxPayment(
        app.db,
        { customerId: callerOf(request).customerId, accountId: request.params.id, channel, amount, idempotencyKey: idempotency_key, businessDate: today },
        { platformFeePpm: app.config.platformFeePpm, overpaymentMargin: app.config.overpaymentMargin },
      );
      return reply.status(replayed ? 200 : 201).send({ data: paymentView(payment) });
    },
  );
};

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * POST pub_api/v1/payment_gateway/notifications (decision 0016): the gateway's report of money
 * paid into a virtual account. No session: the body must be signed (HMAC-SHA256 of the raw body,
 * header x-signature, constant-time compare), else 401 and nothing stored. A replay answers the
 * stored result (200); an unknown VA or an impossible amount is parked and answered 200, so the
 * gateway stops retrying. The raw body is kept by a JSON parser of this plugin only.
 */
export const paymentGatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.paymentGatewaySecret;
  if (!secret) throw new ConfigError("Invalid configuration:\n  PAYMENT_GATEWAY_SECRET: required when SANDBOX is off (the payment gateway's notifications cannot be verified without it)");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    try {
      done(null, JSON.parse(raw.toString("utf8")));
    } catch {
      done(new Refusal(400, "invalid_json", t("api.invalid_json")), undefined);
    }
  });

  app.post(
    "/payment_gateway/notifications",
    {
      config: { access: { kind: "public" } },
      preValidation: async (request) => {
        const raw = rawBodies.get(request);
        if (!raw || !validSignature(raw, request.headers[PAYMENT_SIGNATURE_HEADER], secret)) {
          throw new Refusal(401, "invalid_signature", t("payments.payment.signature_invalid"));
        }
      },
      schema: {
        tags: ["payment_gateway"],
        summary: "The payment gateway's notification of a payment into a virtual account (signed, idempotent on transaction_id)",
        body: gatewayNotification,
        response: { 200: gatewayNotificationResponse, 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const n = request.body;
      const today = (await businessNow(app.db, { sandbox: app.config.sandbox })).date;
      const { payment, replayed } = await receivePayment(
        app.db,
        { channel: n.channel, virtualAccountNumber: n.virtual_account_number, amount: n.amount, gatewayTransactionId: n.transaction_id, businessDate: today, paidAt: new Date(n.paid_at), source: "gateway" },
        { platformFeePpm: app.config.platformFeePpm, overpaymentMargin: app.config.overpaymentMargin },
      );
      return { data: { payment_id: payment.id, status: payment.status, parked_reason: payment.parkedReason, replayed } };
    },
  );
};
