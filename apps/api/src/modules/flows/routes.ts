import { errorBody } from "@pinjaman/contracts/errors";
import {
  createFlowProgressRequest,
  flowActionRequest,
  flowKeyParams,
  flowListResponse,
  flowMoveParams,
  flowMoveResponse,
  flowProgressListQuery,
  flowProgressListResponse,
  flowProgressNewResponse,
  flowProgressParams,
  flowProgressResponse,
  moveFlowProgressRequest,
  saveFlowProgressRequest,
} from "@pinjaman/contracts/flows";
import { newLoanFlowQuery, newLoanFlowResponse } from "@pinjaman/contracts/new-loan-flow";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { issueSession } from "../../plugins/auth.ts";
import { actorOf, engineOf } from "./engine.ts";
import { loginRequired } from "./flow-errors.ts";
import { listFlows } from "./available-flows.ts";
import { moveProgress } from "./progress-move.ts";
import { editProgress, listProgresses } from "./progress-reads.ts";
import { saveProgress } from "./progress-save.ts";
import { createProgress, newProgress } from "./progress-start.ts";
import { runAction } from "./step-actions.ts";
import { routeNewLoan } from "./new-loan.ts";

/** A progress without a customer is reachable by its id; one with a customer only by that customer. */
const progressAccess: FastifyContextConfig = { access: { kind: "public_or_owner", ids: [{ in: "params", name: "id", resource: "flow_progress" }] } };

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 422: errorBody, 429: errorBody };

/**
 * The flow engine under app_api/v1 (spec section 7). A progress of a public flow that has no
 * customer yet is reachable by its id without a login; every other one only by its customer.
 */
export const flowRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = engineOf(app);

  app.get("/flows", { config: { access: { kind: "public" } }, schema: { tags: ["flows"], summary: "Flows the caller may start", response: { 200: flowListResponse } } }, async (request) => ({
    data: listFlows(engine, actorOf(request)),
  }));

  app.get(
    "/flow_progresses",
    { config: { access: { kind: "signed_in" } }, schema: { tags: ["flows"], summary: "The caller's flow progresses", querystring: flowProgressListQuery, response: { 200: flowProgressListResponse, ...errors } } },
    async (request) => ({ data: await listProgresses(engine, actorOf(request), request.query) }),
  );

  app.get(
    "/new_loan_flow",
    {
      config: { access: { kind: "signed_in" } },
      schema: { tags: ["flows"], summary: "The flow a signed-in customer applies through (new-loan rule)", querystring: newLoanFlowQuery, response: { 200: newLoanFlowResponse, ...errors } },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller) throw loginRequired();
      return { data: await routeNewLoan(engine.db, engine.catalogue, caller.customerId, request.query.flow_key, new Date()) };
    },
  );

  for (const path of ["/flows/:key/flow_progresses/new", "/flows/:key/flow_progresses/preview"]) {
    app.get(path, { config: { access: { kind: "public" } }, schema: { tags: ["flows"], summary: "A flow's first step, nothing stored", params: flowKeyParams, response: { 200: flowProgressNewResponse, ...errors } } }, async (request) => ({
      data: await newProgress(engine, actorOf(request), request.params.key),
    }));
  }

  app.post(
    "/flows/:key/flow_progresses",
    { config: { access: { kind: "public" } }, schema: { tags: ["flows"], summary: "Start a flow", params: flowKeyParams, body: createFlowProgressRequest, response: { 201: flowProgressResponse, ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await createProgress(engine, actorOf(request), request.params.key, request.body.data) }),
  );

  app.get(
    "/flow_progresses/:id/edit",
    { config: progressAccess, schema: { tags: ["flows"], summary: "A progress at its current step", params: flowProgressParams, response: { 200: flowProgressResponse, ...errors } } },
    async (request) => ({ data: await editProgress(engine, actorOf(request), request.params.id) }),
  );

  app.patch(
    "/flow_progresses/:id",
    { config: progressAccess, schema: { tags: ["flows"], summary: "Save the current step's values", params: flowProgressParams, body: saveFlowProgressRequest, response: { 200: flowProgressResponse, ...errors } } },
    async (request) => ({ data: await saveProgress(engine, actorOf(request), request.params.id, request.body.data.values) }),
  );

  app.patch(
    "/flow_progresses/:id/move/:movementId",
    { config: { ...progressAccess, setCookie: { 200: ["session"] } }, schema: { tags: ["flows"], summary: "Check the step and move", params: flowMoveParams, body: moveFlowProgressRequest, response: { 200: flowMoveResponse, ...errors } } },
    async (request, reply) => {
      const result = await moveProgress(engine, actorOf(request), request.params.id, request.params.movementId, request.body.data ?? {});
      // The account step signs the new customer in on this browser.
      if (!result.session) return { data: result.view };
      return { data: result.view, session: issueSession(app, request, reply, result.session) };
    },
  );

  app.post(
    "/flow_progresses/:id/actions",
    { config: progressAccess, schema: { tags: ["flows"], summary: "Run a step's server operation", params: flowProgressParams, body: flowActionRequest, response: { 200: flowProgressResponse, ...errors } } },
    async (request) => ({ data: await runAction(engine, actorOf(request), request.params.id, request.body.data.action) }),
  );
};
