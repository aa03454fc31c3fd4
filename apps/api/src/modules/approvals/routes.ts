import { errorBody } from "@pinjaman/contracts/errors";
import {
  approvalDecisionBody,
  approvalListQuery,
  approvalRequestParams,
  approvalRequestResponse,
  approvalRequestsResponse,
  ledgerAccountsQuery,
  ledgerAccountsResponse,
  ledgerAdjustmentRequestBody,
  writeOffPreviewParams,
  writeOffPreviewResponse,
  writeOffRequestBody,
} from "@pinjaman/contracts/staff-approvals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { staffIdOf } from "../staff/staff-actions.ts";
import {
  APPROVAL_PERMISSIONS,
  approvalRequestNotFound,
  decideApprovalRequest,
  ledgerAccountsFor,
  listApprovalRequests,
  requestLedgerAdjustment,
  requestWriteOff,
  writeOffPreview,
  type ApprovalKind,
} from "./approval-requests.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Where each kind's requests are listed and decided; a loan change's own requests are the borrower's (loan-changes routes). */
const PATHS: Record<ApprovalKind, string> = {
  write_off: "/staff/write_off_requests",
  ledger_adjustment: "/staff/ledger_adjustment_requests",
  loan_change: "/staff/loan_change_approvals",
};
const SUBJECTS: Record<ApprovalKind, string> = { write_off: "write-off", ledger_adjustment: "ledger adjustment", loan_change: "loan change (second approval)" };

/** Maker-checker for write-offs, manual ledger adjustments and loan changes that move lenders' money (decision 0027, issue 17 §5). */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = async () => (await businessNow(app.db, { sandbox: app.config.sandbox })).date;
  const one = async (kind: ApprovalKind, id: string) => {
    const [found] = await listApprovalRequests(app.db, { kind, id, today: await today() });
    if (!found) throw approvalRequestNotFound();
    return { data: found };
  };

  for (const kind of ["write_off", "ledger_adjustment", "loan_change"] as const) {
    const path = PATHS[kind];
    const permissions = [APPROVAL_PERMISSIONS[kind].request, APPROVAL_PERMISSIONS[kind].approve] as const;
    app.get(
      path,
      {
        config: { access: { kind: "staff", permission: permissions[0] } },
        schema: { tags: ["staff"], summary: `The ${SUBJECTS[kind]} requests, newest first`, querystring: approvalListQuery, response: { 200: approvalRequestsResponse, ...errors } },
      },
      async (request) => ({ data: await listApprovalRequests(app.db, { kind, status: request.query.status, today: await today() }) }),
    );
    app.post(
      `${path}/:id/decision`,
      {
        config: { access: { kind: "staff", permission: permissions[1] } },
        schema: {
          tags: ["staff"],
          summary: `A second staff member approves (executes) or rejects a ${SUBJECTS[kind]} request; never the one who made it`,
          params: approvalRequestParams,
          body: approvalDecisionBody,
          response: { 200: approvalRequestResponse, ...errors },
        },
      },
      async (request) => {
        const date = await today();
        await app.db.transaction((tx) =>
          decideApprovalRequest(tx, { staffId: staffIdOf(request), request }, { id: request.params.id, kind, outcome: request.body.outcome, reason: request.body.reason, today: date }),
        );
        return one(kind, request.params.id);
      },
    );
  }

  app.get(
    "/staff/loans/:account_id/write_off_preview",
    {
      config: { access: { kind: "staff", permission: "write_offs.request" } },
      schema: {
        tags: ["staff"],
        summary: "What a write-off of the loan would take off today: principal, interest due, late fees, each lender's share (refused as the request would be)",
        params: writeOffPreviewParams,
        response: { 200: writeOffPreviewResponse, ...errors },
      },
    },
    async (request) => ({ data: await writeOffPreview(app.db, request.params.account_id, await today()) }),
  );

  app.post(
    "/staff/write_off_requests",
    {
      config: { access: { kind: "staff", permission: "write_offs.request" } },
      schema: { tags: ["staff"], summary: "Ask for a write-off of a loan more than 90 days past due", body: writeOffRequestBody, response: { 201: approvalRequestResponse, ...errors } },
    },
    async (request, reply) => {
      const date = await today();
      const id = await app.db.transaction((tx) => requestWriteOff(tx, { staffId: staffIdOf(request), request }, { accountId: request.body.account_id, reason: request.body.reason, today: date }));
      return reply.status(201).send(await one("write_off", id));
    },
  );

  app.post(
    "/staff/ledger_adjustment_requests",
    {
      config: { access: { kind: "staff", permission: "ledger_adjustments.request" } },
      schema: {
        tags: ["staff"],
        summary: "Ask for a manual ledger adjustment: one transfer between two ledger accounts, posted when approved",
        body: ledgerAdjustmentRequestBody,
        response: { 201: approvalRequestResponse, ...errors },
      },
    },
    async (request, reply) => {
      const date = await today();
      const { debit_ledger_account_id, credit_ledger_account_id, amount, reason } = request.body;
      const id = await app.db.transaction((tx) =>
        requestLedgerAdjustment(tx, { staffId: staffIdOf(request), request }, { debitLedgerAccountId: debit_ledger_account_id, creditLedgerAccountId: credit_ledger_account_id, amount, reason, today: date }),
      );
      return reply.status(201).send(await one("ledger_adjustment", id));
    },
  );

  app.get(
    "/staff/ledger_accounts",
    {
      config: { access: { kind: "staff", permission: "ledger_adjustments.request" } },
      schema: { tags: ["staff"], summary: "Ledger accounts of a loan (account_id) or the platform's own", querystring: ledgerAccountsQuery, response: { 200: ledgerAccountsResponse, ...errors } },
    },
    async (request) => ({ data: await ledgerAccountsFor(app.db, request.query.account_id) }),
  );
};
