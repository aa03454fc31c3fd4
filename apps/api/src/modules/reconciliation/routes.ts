import {
  loanSearchQuery,
  loanSearchResponse,
  parkedPaymentsQuery,
  parkedPaymentsResponse,
  paymentIdParams,
  paymentMatchRequest,
  paymentRefundRequest,
  reconciliationResponse,
} from "@pinjaman/contracts/back-office-queues";
import { errorBody } from "@pinjaman/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { matchParkedPayment, parkedPayments, searchLoans, type ReconciliationResult } from "./reconciliation.ts";
import { refundParkedPayment } from "./refund.ts";

const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

const answer = (r: ReconciliationResult) => ({
  data: {
    payment: r.payment,
    allocated_payment_id: r.allocatedPaymentId,
    allocation: r.allocation ? { late_fee: r.allocation.lateFee, interest: r.allocation.interest, principal: r.allocation.principal, credit: r.allocation.credit } : null,
    replayed: r.replayed,
  },
});

/**
 * Reconciliation of parked payments under app_api/v1/back_office (permission payments.reconcile,
 * decision 0033): list them, find the loan, match (a ledger movement through the
 * normal repayment allocation, once) or refund to the payer's bank account (the bank adapter, then
 * payment_suspense → bank_escrow, once), each with a reason and audited.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { kind: "staff", permission: "payments.reconcile" } as const;

  app.get(
    "/back_office/parked_payments",
    {
      config: { access },
      schema: {
        tags: ["back office"],
        summary: "Parked payments (unknown VA, impossible amount, loan not active): open ones oldest first, or those done",
        querystring: parkedPaymentsQuery,
        response: { 200: parkedPaymentsResponse, ...refused },
      },
    },
    async (request) => ({ data: await parkedPayments(app.db, request.query.state) }),
  );

  app.get(
    "/back_office/loans/search",
    {
      config: { access },
      schema: {
        tags: ["back office"],
        summary: "Active loans to match a payment to, by borrower name, e-mail or virtual account number (2–100 characters)",
        querystring: loanSearchQuery,
        response: { 200: loanSearchResponse, ...refused },
      },
    },
    async (request) => ({ data: await searchLoans(app.db, request.query.q) }),
  );

  app.post(
    "/back_office/parked_payments/:id/match",
    {
      config: { access },
      schema: {
        tags: ["back office"],
        summary: "Match a parked payment to an active loan: allocated like any repayment, from payment suspense; the same match again moves nothing (200, replayed)",
        params: paymentIdParams,
        body: paymentMatchRequest,
        response: { 200: reconciliationResponse, 201: reconciliationResponse, ...refused },
      },
    },
    async (request, reply) => {
      const today = (await businessNow(app.db, { sandbox: app.config.sandbox })).date;
      const result = await matchParkedPayment(app.db, request, {
        paymentId: request.params.id,
        accountId: request.body.account_id,
        reason: request.body.reason,
        businessDate: today,
        platformFeePpm: app.config.platformFeePpm,
      });
      return reply.status(result.replayed ? 200 : 201).send(answer(result));
    },
  );

  app.post(
    "/back_office/parked_payments/:id/refund",
    {
      config: { access },
      schema: {
        tags: ["back office"],
        summary:
          "Pay a parked payment back to the payer's bank account, with a reason: the bank is asked with a reference of its own (pays once), then the money leaves payment suspense; refused by the bank: refund_failed, ask again; the same request again while asked or once refunded: 200, replayed",
        params: paymentIdParams,
        body: paymentRefundRequest,
        response: { 200: reconciliationResponse, 201: reconciliationResponse, ...refused },
      },
    },
    async (request, reply) => {
      const today = (await businessNow(app.db, { sandbox: app.config.sandbox })).date;
      const { bank_code, account_number, account_name, reason } = request.body;
      const result = await refundParkedPayment(app.db, app.bank, request, {
        paymentId: request.params.id,
        bankCode: bank_code,
        accountNumber: account_number,
        accountName: account_name,
        reason,
        businessDate: today,
      });
      return reply.status(result.replayed ? 200 : 201).send(answer(result));
    },
  );
};
