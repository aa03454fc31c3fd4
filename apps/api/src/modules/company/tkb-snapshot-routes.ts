import { tkbSnapshotRequest, tkbSnapshotResponse } from "@pinjaman/contracts/company";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Refusal } from "../../plugins/errors.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { basisPointsToPercent } from "./tkb-service.ts";
import { takeTkbSnapshot } from "./tkb-snapshot.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import "@pinjaman/i18n/ns/api";

/** The TKB snapshot on demand (the daily job takes one too), for operators. */
export const tkbSnapshotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/tkb_snapshots",
    {
      config: { access: { kind: "staff", permission: "tkb.manage" } },
      schema: {
        tags: ["company"],
        summary: "Compute the TKB figures from the live book now and keep them as the latest snapshot",
        body: tkbSnapshotRequest,
        response: { 201: tkbSnapshotResponse, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { date } = await businessNow(app.db, { sandbox: app.config.sandbox });
      const snapshot = await app.db.transaction(async (tx) => {
        const taken = await takeTkbSnapshot(tx, date);
        if (taken) {
          const after = { as_of: taken.asOf, outstanding_principal: taken.outstandingPrincipal, entries: taken.entries };
          await recordStaffAction(tx, request, { permission: "tkb.manage", action: "tkb_snapshot.take", subjectType: "tkb_snapshot", subjectId: String(taken.id), after });
        }
        return taken;
      });
      if (!snapshot) throw new Refusal(409, "tkb_book_empty", t("api.tkb_book_empty"));
      reply.code(201);
      return {
        data: {
          entries: snapshot.entries.map((e) => ({ name: e.name, percentage: basisPointsToPercent(e.basisPoints) })),
          as_of: snapshot.asOf ?? date,
          outstanding_principal: snapshot.outstandingPrincipal ?? 0,
          computed_at: snapshot.computedAt.toISOString(),
        },
      };
    },
  );
};
