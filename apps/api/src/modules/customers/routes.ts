import {
  customerBlockBody,
  customerBlockResponse,
  customerDetailResponse,
  customerIdParams,
  customerSearchQuery,
  customerSearchResponse,
  sendNoticeBody,
  sendNoticeResponse,
} from "@pinjaman/contracts/customer-care";
import { errorBody } from "@pinjaman/contracts/errors";
import { personalDataExport } from "@pinjaman/contracts/personal-data";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { sendNotice } from "../customer-notices/send-notice.ts";
import { exportPersonalData } from "../personal-data/personal-data-export.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { blockCustomer, unblockCustomer } from "./customer-blocks.ts";
import { customerNotFound, loadCustomerDetail, searchCustomers } from "./customer-detail.ts";

const refused = { 401: errorBody, 403: errorBody };

/**
 * Back-office customers under app_api/v1/staff (issue 10 section 1): search, view, block and
 * unblock, the personal data export and notices. Every read of personal data and every change
 * is a staff action.
 */
export const staffCustomerRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    "/staff/customers/search",
    {
      config: { access: { kind: "staff", permission: "customers.read" } },
      schema: {
        tags: ["back office"],
        summary: "Search customers by name, e-mail, phone or NIK (at most 25, newest first)",
        querystring: customerSearchQuery,
        response: { 200: customerSearchResponse, 400: errorBody, ...refused },
      },
    },
    async (request) => {
      const data = await searchCustomers(app.db, request.query.q);
      await recordStaffAction(app.db, request, {
        permission: "customers.read",
        action: "customer.search",
        subjectType: "customer_search",
        subjectId: "-",
        after: { query: request.query.q, customer_ids: data.map((c) => c.id) },
      });
      return { data };
    },
  );

  app.get(
    "/staff/customers/:id",
    {
      config: { access: { kind: "staff", permission: "customers.read" } },
      schema: {
        tags: ["back office"],
        summary: "One customer: profile, roles, block, loan and investment accounts with their applications",
        params: customerIdParams,
        response: { 200: customerDetailResponse, 400: errorBody, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const data = await loadCustomerDetail(app.db, request.params.id);
      await recordStaffAction(app.db, request, { permission: "customers.read", action: "customer.view", subjectType: "customer", subjectId: data.id });
      return { data };
    },
  );

  app.get(
    "/staff/customers/:id/personal_data",
    {
      config: { access: { kind: "staff", permission: "customers.personal_data" } },
      schema: {
        tags: ["back office"],
        summary: "Everything held about a customer (KYC answers included): a recorded read of personal data",
        params: customerIdParams,
        response: { 200: personalDataExport, 400: errorBody, ...refused, 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await exportPersonalData(app.db, request.params.id);
      if (!data) throw customerNotFound();
      await recordStaffAction(app.db, request, {
        permission: "customers.personal_data",
        action: "customer.personal_data.read",
        subjectType: "customer",
        subjectId: request.params.id,
      });
      reply.header("cache-control", "no-store");
      return data;
    },
  );

  for (const kind of ["block", "unblock"] as const) {
    app.post(
      `/staff/customers/:id/${kind}`,
      {
        config: { access: { kind: "staff", permission: "customers.block" } },
        schema: {
          tags: ["back office"],
          summary:
            kind === "block"
              ? "Block a customer with a reason: sign-in refused, every session revoked"
              : "Lift a customer's block with a reason: sign-in works again",
          params: customerIdParams,
          body: customerBlockBody,
          response: { 200: customerBlockResponse, 400: errorBody, ...refused, 404: errorBody, 409: errorBody },
        },
      },
      async (request) => {
        const work = kind === "block" ? blockCustomer : unblockCustomer;
        return { data: await work(app.db, request, request.params.id, request.body.data.reason) };
      },
    );
  }

  app.post(
    "/staff/customers/:id/notices",
    {
      config: { access: { kind: "staff", permission: "notices.send" } },
      schema: {
        tags: ["back office"],
        summary: "Send a notice to a customer: shown on their profile and pushed to their active devices",
        params: customerIdParams,
        body: sendNoticeBody,
        response: { 201: sendNoticeResponse, 400: errorBody, ...refused, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { at } = await businessNow(app.db, { sandbox: app.config.sandbox });
      const data = await sendNotice(app.db, app.push, request, { customerId: request.params.id, ...request.body.data }, at);
      return reply.status(201).send({ data });
    },
  );
};
