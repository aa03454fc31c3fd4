import { businessClockResponse, moveBusinessClockBody, moveBusinessClockResponse, type BusinessClockState } from "@pinjaman/contracts/business-clock";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow, type BusinessNow } from "./business-clock.ts";
import { moveClockForward } from "./move-clock.ts";

function state(now: BusinessNow): BusinessClockState {
  return { business_date: now.date, business_time: now.at.toISOString(), offset_days: now.offsetDays };
}

/**
 * GET/POST app_api/v1/sandbox/clock: read the business date, move it forward (never back) and run
 * the jobs that fell due in the skipped days. Not registered outside the sandbox (the API's 404).
 */
export const businessClockRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) return;
  app.get(
    "/sandbox/clock",
    {
      config: { access: { kind: "sandbox" } },
      schema: { tags: ["sandbox"], summary: "The sandbox business date and time (Asia/Jakarta)", response: { 200: businessClockResponse } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: state(await businessNow(app.db, { sandbox: true })) };
    },
  );
  app.post(
    "/sandbox/clock",
    {
      config: { access: { kind: "sandbox" } },
      schema: {
        tags: ["sandbox"],
        summary: "Move the sandbox business clock forward by whole days and run the jobs that fall due, day by day",
        body: moveBusinessClockBody,
        response: { 200: moveBusinessClockResponse },
      },
    },
    async (request) => {
      const { now, ran } = await moveClockForward({ db: app.db, jobs: app.jobs, days: request.body.data.days, log: request.log, integrations: app.jobIntegrations });
      return { data: { ...state(now), job_runs: ran.map((r) => ({ job: r.job, occurrence: r.occurrence, business_date: r.businessDate })) } };
    },
  );
};
