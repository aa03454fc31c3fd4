import { z } from "zod";
import { accountDetailResponse, statementRequest } from "@pinjaman/contracts/account-detail";
import { accountsSearchResponse } from "@pinjaman/contracts/accounts";
import { errorBody } from "@pinjaman/contracts/errors";
import { searchRequest } from "@pinjaman/contracts/identity";
import { accountParams } from "@pinjaman/contracts/invoices";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { accountBook } from "./account-detail.ts";
import { searchAccounts } from "./account-search.ts";
import { renderStatement } from "./statement-pdf.ts";
import "@pinjaman/i18n/ns/loans";

/** The caller's accounts under app_api/v1 (spec section 7). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = async () => (await businessNow(app.db, { sandbox: app.config.sandbox })).date;

  app.post(
    "/accounts/search",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["accounts"],
        summary: "The caller's loan and investment accounts; filter type_key, status, product_key (equals, in), activated_on and closed_on (empty, present)",
        body: searchRequest,
        response: { 200: accountsSearchResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ data: await searchAccounts(app.db, callerOf(request).customerId, request.body.filters) }),
  );

  app.get(
    "/accounts/:id",
    {
      // The caller's own loan or investment account; anyone else's id is 404.
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "loan_account" }] } },
      schema: {
        tags: ["accounts"],
        summary: "One of the caller's accounts with its initial and current application, outstanding amounts, next invoice and payoff today",
        params: accountParams,
        response: { 200: accountDetailResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: (await accountBook(app.db, callerOf(request).customerId, request.params.id, await today())).detail }),
  );

  app.post(
    "/accounts/:id/statement",
    {
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "loan_account" }] } },
      schema: {
        tags: ["accounts"],
        summary: "The loan's statement as a PDF: terms, balances, schedule with invoices, payments received",
        params: accountParams,
        body: statementRequest,
        response: {
          200: { description: "The statement (application/pdf, as an attachment)", content: { "application/pdf": { schema: z.any().describe("PDF bytes") } } },
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const date = await today();
      const book = await accountBook(app.db, callerOf(request).customerId, request.params.id, date, "loan");
      const pdf = await renderStatement(book);
      const filename = t("loans.statement.filename", { account: book.detail.id, date });
      return reply
        .type("application/pdf")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );
};
