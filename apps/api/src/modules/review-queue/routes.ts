import {
  applicationDocumentParams,
  applicationIdParams,
  reviewDetailResponse,
  reviewQueueQuery,
  reviewQueueResponse,
} from "@pinjaman/contracts/back-office-queues";
import { errorBody } from "@pinjaman/contracts/errors";
import type { Db } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendError } from "../../plugins/errors.ts";
import { applicationNotFound } from "../account-applications/status-transitions.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { applicationDocument, REVIEW_PAGE_SIZE, reviewDetail, reviewQueue } from "./review-reads.ts";
import "@pinjaman/i18n/ns/uploads";

const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The review queue under app_api/v1/back_office (permission applications.review, decision
 * 0033-operator-console). Reading an application's KYC data or one of its documents is personal
 * data: each read is recorded with recordStaffAction. The decision itself stays
 * POST account_applications/{id}/decision (account-applications/routes.ts).
 */
export const reviewQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/back_office/applications/search",
    {
      config: { access: { kind: "staff", permission: "applications.review" } },
      schema: {
        tags: ["back office"],
        summary: "Review queue: applications in a status (default submitted, referred ones marked), oldest first, 25 a page",
        querystring: reviewQueueQuery,
        response: { 200: reviewQueueResponse, ...refused },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const { items, total } = await reviewQueue(app.db, status, page);
      return { data: items, meta: { page, per_page: REVIEW_PAGE_SIZE, total } };
    },
  );

  app.get(
    "/back_office/applications/:id",
    {
      config: { access: { kind: "staff", permission: "applications.review" } },
      schema: {
        tags: ["back office"],
        summary: "One application for review: KYC data, documents, decision rules, moves and the customer's history (the read is audited)",
        params: applicationIdParams,
        response: { 200: reviewDetailResponse, ...refused },
      },
    },
    async (request) => {
      const detail = await reviewDetail(app.db, request.params.id);
      if (!detail) throw applicationNotFound();
      await app.db.transaction((tx) =>
        recordStaffAction(tx as unknown as Db, request, {
          permission: "applications.review",
          action: "application.kyc_read",
          subjectType: "customer",
          subjectId: detail.customer.id,
          after: { application_id: detail.application.id },
        }),
      );
      return { data: detail };
    },
  );

  app.get(
    "/back_office/applications/:id/documents/:upload_id",
    {
      config: { access: { kind: "staff", permission: "applications.review" } },
      schema: {
        tags: ["back office"],
        summary: "A KYC photo or document of the application's customer, for staff only (the read is audited)",
        params: applicationDocumentParams,
        response: { 200: z.any().describe("The file, with its content type"), ...refused },
      },
    },
    async (request, reply) => {
      const { id, upload_id } = request.params;
      const row = await applicationDocument(app.db, id, upload_id);
      if (!row) return sendError(reply, 404, "upload_not_found", t("uploads.not_found"));
      const file = await app.fileStorage.read(row.objectKey, row.mimeType);
      await app.db.transaction((tx) =>
        recordStaffAction(tx as unknown as Db, request, {
          permission: "applications.review",
          action: "application.document_read",
          subjectType: "field_upload",
          subjectId: row.id,
          after: { application_id: id, filename: row.filename },
        }),
      );
      reply.header("cache-control", "private, no-store");
      if ("redirect" in file) return reply.redirect(file.redirect, 302);
      return reply
        .type(row.mimeType)
        .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
        .send(file.stream);
    },
  );
};
