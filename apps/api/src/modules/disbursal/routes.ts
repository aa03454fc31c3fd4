import { errorBody } from "@pinjaman/contracts/errors";
import { disbursalParams, disbursalResponse, type Disbursal } from "@pinjaman/contracts/disbursals";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Refusal } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/status";

type Row = typeof schema.disbursals.$inferSelect;

function disbursalOf(row: Row): Disbursal {
  return {
    id: row.id,
    account_application_id: row.accountApplicationId,
    status: row.status,
    payout: row.payout,
    upfront_fee: row.upfrontFee,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    bank_reference: row.bankReference,
    payee:
      row.payeeKind && row.payeeName && row.payeeBankCode && row.payeeAccountNumber
        ? { kind: row.payeeKind, name: row.payeeName, bank_code: row.payeeBankCode, account_number: row.payeeAccountNumber }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An operator reads where an application's payout stands: attempts, the bank's last refusal (decision 0015). */
export const disbursalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/account_applications/:id/disbursal",
    {
      config: { access: { kind: "staff", permission: "disbursals.manage" } },
      schema: {
        tags: ["account applications"],
        summary: "The disbursal of an application: status, attempts, last bank refusal, bank reference",
        params: disbursalParams,
        response: { 200: disbursalResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const [row] = await app.db.select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, request.params.id));
      if (!row) throw new Refusal(404, "disbursal_not_found", t("status.transition.disbursal_not_found"));
      return { data: disbursalOf(row) };
    },
  );
};
