import { tkbQuery, tkbResponse } from "@pinjaman/contracts/company";
import {
  customerDetailRequest,
  customerDetailResponse,
  customerListRequest,
  customerListResponse,
  detailsRequest,
  detailsResponse,
  lenderDashboardRequest,
  lenderDashboardResponse,
} from "@pinjaman/contracts/company-services";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { customerDetail, customerList, customersByRole } from "./customer-directory.ts";
import { DEFAULT_MONTHS, lenderDashboard, MAX_MONTHS, monthsBetween, monthsEnding } from "./lender-dashboard.ts";
import { latestTkb } from "./tkb-service.ts";
import "@pinjaman/i18n/ns/api";

const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Company services (spec section 7, decision 0023): partners call them with a scoped API key. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tkb.php",
    {
      // The one service the spec calls with the key in the query string (`?key=`).
      config: { access: { kind: "company", scope: "tkb", queryKey: true } },
      schema: {
        tags: ["company"],
        summary: "Success-rate (TKB) figures with their last update",
        querystring: tkbQuery,
        response: { 200: tkbResponse, ...refusals },
      },
    },
    async () => latestTkb(app.db),
  );

  app.post(
    "/v1/details",
    {
      config: { access: { kind: "company", scope: "details" } },
      schema: {
        tags: ["company"],
        summary: "Customers of one role (borrower or lender), paged: id, name and registration time only",
        body: detailsRequest,
        response: { 200: detailsResponse, ...refusals },
      },
    },
    async (request) => customersByRole(app.db, request.body),
  );

  app.post(
    "/customerlist_v2.php",
    {
      config: { access: { kind: "company", scope: "customer_list" } },
      schema: {
        tags: ["company"],
        summary: "Customers for partners' reporting, paged, filtered by registration day, status and role",
        body: customerListRequest,
        response: { 200: customerListResponse, ...refusals },
      },
    },
    async (request) => customerList(app.db, request.body),
  );

  app.post(
    "/customerdetail.php",
    {
      config: { access: { kind: "company", scope: "customer_detail" } },
      schema: {
        tags: ["company"],
        summary: "One customer: name, roles, verification and accounts with their status summary",
        body: customerDetailRequest,
        response: { 200: customerDetailResponse, ...refusals, 404: errorBody },
      },
    },
    async (request) => {
      const detail = await customerDetail(app.db, request.body.customer_id);
      if (!detail) throw new Refusal(404, "customer_not_found", t("api.customer_not_found"));
      return detail;
    },
  );

  app.post(
    "/api/users/lender-dashboard",
    {
      config: { access: { kind: "company", scope: "lender_dashboard" } },
      schema: {
        tags: ["company"],
        summary: "Platform-wide lender analytics by month: aggregates only, no personal data",
        body: lenderDashboardRequest,
        response: { 200: lenderDashboardResponse, ...refusals },
      },
    },
    async (request) => {
      const current = (await businessNow(app.db, { sandbox: app.config.sandbox })).date.slice(0, 7);
      const to = request.body.to_month ?? (request.body.from_month && request.body.from_month > current ? request.body.from_month : current);
      const from = request.body.from_month ?? monthsEnding(to, DEFAULT_MONTHS)[0]!;
      const count = monthsBetween(from, to);
      if (count > MAX_MONTHS) throw new FieldErrors({ from_month: [t("api.months_range_too_long", { max: String(MAX_MONTHS) })] });
      return lenderDashboard(app.db, monthsEnding(to, count));
    },
  );
};
