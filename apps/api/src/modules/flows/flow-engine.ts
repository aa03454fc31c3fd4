import type { Db, schema } from "@pinjaman/db";
import type { FlowCatalogue } from "../../flows/flow-catalogue.ts";
import type { OpenBankingProvider } from "../../integrations/open-banking/open-banking-provider.ts";
import type { FileStorage } from "../../integrations/storage/file-storage.ts";
import type { VoiceAdapter } from "../../integrations/voice/voice-adapter.ts";
import type { Caller } from "../../plugins/auth.ts";
import type { RequestOrigin } from "../audit/audit-service.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import type { SignatureContext } from "../signatures/signature-service.ts";

export type FlowEngine = {
  db: Db;
  catalogue: FlowCatalogue;
  /** To confirm a file sent straight to S3 exists before a step accepts it. */
  storage: FileStorage;
  voice: VoiceAdapter;
  openBanking: OpenBankingProvider;
  signatures: Omit<SignatureContext, "origin" | "db">;
  /** The sandbox's business clock may run ahead of the real date (decision 0011). */
  sandbox: boolean;
};

/** The business date at `now`: what a submission, its decision and a contract are dated. */
export const businessToday = async (engine: FlowEngine, now: Date) => (await businessNow(engine.db, { sandbox: engine.sandbox, real: now })).date;

/** Who asks, from where, and for which account or application a scoped flow runs. */
export type Actor = { caller: Caller | null; origin: RequestOrigin; now?: Date };
export type Scope = { accountId?: string; accountApplicationId?: string; publicOnly?: boolean };

/** A stored flow_progress row. */
export type ProgressRow = typeof schema.flowProgresses.$inferSelect;
