import { errorBody } from "@pinjaman/contracts/errors";
import {
  accountFlowParams,
  applicationFlowParams,
  createFlowProgressRequest,
  flowListResponse,
  flowProgressNewResponse,
  flowProgressResponse,
} from "@pinjaman/contracts/flows";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, engineOf } from "./engine.ts";
import { listAccountFlows } from "./available-flows.ts";
import { createProgress, newProgress } from "./progress-start.ts";

const accountAccess: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "loan_account" }] } };
const applicationAccess: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "account_application" }] } };

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** Flows that work on one loan account or one account application of the caller (spec section 7). */
export const scopedFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = engineOf(app);

  app.get(
    "/accounts/:id/flows",
    { config: accountAccess, schema: { tags: ["flows"], summary: "Flows of a loan account", params: z.object({ id: z.uuid() }), response: { 200: flowListResponse, ...errors } } },
    async (request) => ({ data: await listAccountFlows(engine, actorOf(request), request.params.id) }),
  );

  app.get(
    "/accounts/:id/flows/:key/flow_progresses/new",
    { config: accountAccess, schema: { tags: ["flows"], summary: "An account flow's first step", params: accountFlowParams, response: { 200: flowProgressNewResponse, ...errors } } },
    async (request) => ({ data: await newProgress(engine, actorOf(request), request.params.key, { accountId: request.params.id }) }),
  );

  app.post(
    "/accounts/:id/flows/:key/flow_progresses",
    { config: accountAccess, schema: { tags: ["flows"], summary: "Start an account flow", params: accountFlowParams, body: createFlowProgressRequest, response: { 201: flowProgressResponse, ...errors } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createProgress(engine, actorOf(request), request.params.key, request.body.data, { accountId: request.params.id }) }),
  );

  app.get(
    "/account_applications/:id/flows/:flowKey/flow_progresses/preview",
    { config: applicationAccess, schema: { tags: ["flows"], summary: "An application flow's first step", params: applicationFlowParams, response: { 200: flowProgressNewResponse, ...errors } } },
    async (request) => ({ data: await newProgress(engine, actorOf(request), request.params.flowKey, { accountApplicationId: request.params.id }) }),
  );

  app.post(
    "/account_applications/:id/flows/:flowKey/flow_progresses",
    { config: applicationAccess, schema: { tags: ["flows"], summary: "Start an application flow", params: applicationFlowParams, body: createFlowProgressRequest, response: { 201: flowProgressResponse, ...errors } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await createProgress(engine, actorOf(request), request.params.flowKey, request.body.data, { accountApplicationId: request.params.id }),
      }),
  );
};
