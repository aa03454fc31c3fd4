import {
  apiKeyIdParams,
  apiKeyResponse,
  apiKeysResponse,
  auditLogQuery,
  auditLogResponse,
  backOfficeProductResponse,
  backOfficeProductsResponse,
  companySettingsRequest,
  companySettingsResponse,
  createApiKeyRequest,
  createdApiKeyResponse,
  productKeyParams,
  productPricingRequest,
  revokeApiKeyRequest,
  tkbHistoryQuery,
  tkbHistoryResponse,
  type ApiKeyDto,
} from "@pinjaman/contracts/back-office-settings";
import { errorBody } from "@pinjaman/contracts/errors";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Refusal } from "../../plugins/errors.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyRow,
} from "../company/api-keys.ts";
import { basisPointsToPercent } from "../company/tkb-service.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { listStaffActions } from "./audit-log.ts";
import { companySettings, saveCompanySettings } from "./company-settings.ts";
import {
  changeProductPricing,
  listBackOfficeProducts,
} from "./pricing-service.ts";
import "@pinjaman/i18n/ns/back_office_settings";

const refused = { 400: errorBody, 401: errorBody, 403: errorBody };
const TKB_PAGE_SIZE = 30;

function apiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Back-office settings under app_api/v1/staff (issue 10 §1): products and pricing, company
 * config, API keys, the TKB history and the audit log. Each route names its permission; every
 * change is recorded with recordStaffAction in its own transaction.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/products",
    {
      config: { access: { kind: "staff", permission: "products.manage" } },
      schema: {
        tags: ["back office"],
        summary: "Products with their current price list and its history",
        response: { 200: backOfficeProductsResponse, ...refused },
      },
    },
    async () => ({ data: await listBackOfficeProducts(app.db) }),
  );

  app.post(
    "/staff/products/:key/pricing",
    {
      config: { access: { kind: "staff", permission: "products.manage" } },
      schema: {
        tags: ["back office"],
        summary:
          "A new price list for a product, effective now, inside the OJK guard; applications keep the price they were priced with",
        params: productKeyParams,
        body: productPricingRequest,
        response: {
          201: backOfficeProductResponse,
          ...refused,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { date } = await businessNow(app.db, {
        sandbox: app.config.sandbox,
      });
      const product = await changeProductPricing(
        app.db,
        request,
        request.params.key,
        request.body.data,
        date,
      );
      reply.code(201);
      return { data: product };
    },
  );

  app.get(
    "/staff/company_settings",
    {
      config: { access: { kind: "staff", permission: "config.manage" } },
      schema: {
        tags: ["back office"],
        summary: "The company facts the site shows and the platform settings",
        response: { 200: companySettingsResponse, ...refused },
      },
    },
    async () => ({
      data: await companySettings(app.db, app.config.platformFeePpm),
    }),
  );

  app.put(
    "/staff/company_settings",
    {
      config: { access: { kind: "staff", permission: "config.manage" } },
      schema: {
        tags: ["back office"],
        summary:
          "Replaces the company facts and the platform settings, with a reason",
        body: companySettingsRequest,
        response: { 200: companySettingsResponse, ...refused, 422: errorBody },
      },
    },
    async (request) => ({
      data: await saveCompanySettings(
        app.db,
        request,
        request.body.data,
        app.config.platformFeePpm,
      ),
    }),
  );

  app.get(
    "/staff/api_keys",
    {
      config: { access: { kind: "staff", permission: "api_keys.manage" } },
      schema: {
        tags: ["back office"],
        summary: "The company API keys (never the key itself)",
        response: { 200: apiKeysResponse, ...refused },
      },
    },
    async () => ({ data: (await listApiKeys(app.db)).map(apiKeyDto) }),
  );

  app.post(
    "/staff/api_keys",
    {
      config: { access: { kind: "staff", permission: "api_keys.manage" } },
      schema: {
        tags: ["back office"],
        summary:
          "Creates a company API key; the answer is the only time the key is shown",
        body: createApiKeyRequest,
        response: { 201: createdApiKeyResponse, ...refused },
      },
    },
    async (request, reply) => {
      const created = await app.db.transaction(async (tx) => {
        const { key, row } = await createApiKey(tx, request.body.data);
        const dto = apiKeyDto(row);
        await recordStaffAction(tx, request, {
          permission: "api_keys.manage",
          action: "api_key.create",
          subjectType: "api_key",
          subjectId: row.id,
          after: dto,
        });
        return { ...dto, key };
      });
      reply.code(201);
      return { data: created };
    },
  );

  app.post(
    "/staff/api_keys/:id/revoke",
    {
      config: { access: { kind: "staff", permission: "api_keys.manage" } },
      schema: {
        tags: ["back office"],
        summary: "Revokes a company API key at once, with a reason",
        params: apiKeyIdParams,
        body: revokeApiKeyRequest,
        response: { 200: apiKeyResponse, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const revoked = await app.db.transaction(async (tx) => {
        const [row] = await revokeApiKey(tx, request.params.id);
        if (!row)
          throw new Refusal(
            404,
            "not_found",
            t("back_office_settings.api_keys.errors.not_found"),
          );
        const dto = apiKeyDto(row);
        await recordStaffAction(tx, request, {
          permission: "api_keys.manage",
          action: "api_key.revoke",
          subjectType: "api_key",
          subjectId: row.id,
          before: { ...dto, revoked_at: null },
          after: dto,
          reason: request.body.data.reason,
        });
        return dto;
      });
      return { data: revoked };
    },
  );

  app.get(
    "/staff/tkb_snapshots",
    {
      config: { access: { kind: "staff", permission: "tkb.manage" } },
      schema: {
        tags: ["back office"],
        summary: "The TKB history, newest first",
        querystring: tkbHistoryQuery,
        response: { 200: tkbHistoryResponse, ...refused },
      },
    },
    async (request) => {
      const page = request.query.page;
      const rows = await app.db
        .select()
        .from(schema.tkbSnapshots)
        .orderBy(
          desc(schema.tkbSnapshots.computedAt),
          desc(schema.tkbSnapshots.id),
        )
        .limit(TKB_PAGE_SIZE + 1)
        .offset((page - 1) * TKB_PAGE_SIZE);
      return {
        data: rows.slice(0, TKB_PAGE_SIZE).map((r) => ({
          id: r.id,
          entries: r.entries.map((e) => ({
            name: e.name,
            percentage: basisPointsToPercent(e.basisPoints),
          })),
          source: r.source,
          as_of: r.asOf,
          outstanding_principal: r.outstandingPrincipal,
          computed_at: r.computedAt.toISOString(),
        })),
        meta: { page, has_more: rows.length > TKB_PAGE_SIZE },
      };
    },
  );

  app.get(
    "/staff/audit_log",
    {
      config: { access: { kind: "staff", permission: "audit.read" } },
      schema: {
        tags: ["back office"],
        summary:
          "Staff actions and customers' audit events, searchable by staff member, customer, action, subject and dates",
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, ...refused },
      },
    },
    async (request) => {
      const { entries, hasMore } = await listStaffActions(
        app.db,
        request.query,
      );
      return {
        data: entries,
        meta: { page: request.query.page, has_more: hasMore },
      };
    },
  );
};
