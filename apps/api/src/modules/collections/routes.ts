import { collectionAccountParams, collectionCaseResponse, collectionsQuery, collectionsResponse, contactBody, contactResponse, promiseBody, promiseResponse } from "@pinjaman/contracts/collections";
import { errorBody } from "@pinjaman/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { staffIdOf } from "../staff/staff-actions.ts";
import { collectionCase, recordContact, recordPromise } from "./collections.ts";
import { COLLECTIONS_PAGE_SIZE, lateLoans } from "./late-loans.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const access = { access: { kind: "staff", permission: "collections.work" } } as const;

/** Collections of the back office (collections.work). */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => businessNow(app.db, { sandbox: app.config.sandbox });

  app.get(
    "/staff/collections",
    { config: access, schema: { tags: ["staff"], summary: "Late loans by days-past-due bucket, most days past due first, 25 a page", querystring: collectionsQuery, response: { 200: collectionsResponse, ...errors } } },
    async (request) => {
      const { date } = await now();
      const { bucket, page } = request.query;
      const { loans, total, counts } = await lateLoans(app.db, date, bucket, page);
      return { data: loans, meta: { page, per_page: COLLECTIONS_PAGE_SIZE, total, counts, today: date } };
    },
  );

  app.get(
    "/staff/collection_cases/:accountId",
    { config: access, schema: { tags: ["staff"], summary: "A loan's collection case: contact window, contact log, promises to pay", params: collectionAccountParams, response: { 200: collectionCaseResponse, ...errors } } },
    async (request) => ({ data: await collectionCase(app.db, request.params.accountId, await now()) }),
  );

  app.post(
    "/staff/collections/:accountId/contacts",
    {
      config: access,
      schema: {
        tags: ["staff"],
        summary: "Record a contact attempt; refused outside 08:00–20:00 of the borrower's time zone",
        params: collectionAccountParams,
        body: contactBody,
        response: { 201: contactResponse, ...errors },
      },
    },
    async (request, reply) => {
      const at = await now();
      const data = await app.db.transaction((tx) => recordContact(tx, { staffId: staffIdOf(request), request }, request.params.accountId, request.body, at));
      return reply.status(201).send({ data });
    },
  );

  app.post(
    "/staff/collections/:accountId/promises",
    {
      config: access,
      schema: { tags: ["staff"], summary: "Record a promise to pay (date, amount)", params: collectionAccountParams, body: promiseBody, response: { 201: promiseResponse, ...errors } },
    },
    async (request, reply) => {
      const { date } = await now();
      const data = await app.db.transaction((tx) => recordPromise(tx, { staffId: staffIdOf(request), request }, request.params.accountId, request.body, date));
      return reply.status(201).send({ data });
    },
  );
};
