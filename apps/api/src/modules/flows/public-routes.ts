import { errorBody } from "@pinjaman/contracts/errors";
import { createFlowProgressRequest, flowKeyParams, flowProgressNewResponse, flowProgressResponse } from "@pinjaman/contracts/flows";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf, engineOf } from "./engine.ts";
import { createProgress, newProgress } from "./progress-start.ts";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** pub_api/v1/open: an anonymous visitor starts a public flow (onboarding) without a login. */
export const publicFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = engineOf(app);
  const anonymous = (request: Parameters<typeof actorOf>[0]) => ({ ...actorOf(request), caller: null });

  app.get(
    "/flows/:key/flow_progresses/new",
    { config: { access: { kind: "public" } }, schema: { tags: ["flows"], summary: "A public flow's first step", params: flowKeyParams, response: { 200: flowProgressNewResponse, ...errors } } },
    async (request) => ({ data: await newProgress(engine, anonymous(request), request.params.key, { publicOnly: true }) }),
  );

  app.post(
    "/flows/:key/flow_progresses",
    { config: { access: { kind: "public" } }, schema: { tags: ["flows"], summary: "Start a public flow", params: flowKeyParams, body: createFlowProgressRequest, response: { 201: flowProgressResponse, ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await createProgress(engine, anonymous(request), request.params.key, request.body.data, { publicOnly: true }) }),
  );
};
