import { errorBody } from "@pinjaman/contracts/errors";
import { searchRequest } from "@pinjaman/contracts/identity";
import { accountParams, invoicesSearchQuery, invoicesSearchResponse, newPaymentResponse } from "@pinjaman/contracts/invoices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../identity/caller.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { newPayment, searchInvoices } from "./invoice-service.ts";

/** The loan book's reads under app_api/v1 (spec section 7, decision 0012). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/invoices/search",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["invoices"],
        summary: "The caller's invoices, a page at a time; filter account_application_id, account_id, status (equals, in)",
        querystring: invoicesSearchQuery,
        body: searchRequest,
        response: { 200: invoicesSearchResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => searchInvoices(app.db, callerOf(request).customerId, request.body.filters, request.query.page),
  );

  app.get(
    "/accounts/:id/payments/new",
    {
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "loan_account" }] } },
      schema: {
        tags: ["invoices"],
        summary: "How to pay a loan: its virtual accounts per channel (preferred first), the amount due today, the next due date",
        params: accountParams,
        response: { 200: newPaymentResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const today = (await businessNow(app.db, { sandbox: app.config.sandbox })).date;
      return { data: await newPayment(app.db, callerOf(request).customerId, request.params.id, today) };
    },
  );
};
