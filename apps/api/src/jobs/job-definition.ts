import type { Db } from "@pinjaman/db";
import { assertValidSchedule, type JobSchedule } from "@pinjaman/domain/business-clock";
import type { ChannelCodes } from "@pinjaman/domain/virtual-accounts";
import type { FastifyBaseLogger } from "fastify";
import type { BankAdapter } from "../integrations/bank/bank-adapter.ts";
import type { InsurerAdapter } from "../integrations/insurer/insurer-adapter.ts";
import type { DeliveryProviders } from "../integrations/delivery/transports.ts";
import { DEFAULT_PLATFORM_FEE_PPM } from "../config.ts";
import type { RepaymentSettings } from "../modules/repayments/payment-service.ts";

/** The outside parties and settings a job may use, chosen by configuration like the app's. */
export type JobIntegrations = {
  /**
   * Whether the process runs the sandbox: outside parties' adapters are chosen by it, as at the
   * app's start (sandbox mail and SMS go to the outbox in the job's transaction).
   */
  sandbox: boolean;
  bank: BankAdapter;
  /** The insurer lenders' claims are filed with (decision 0024). */
  insurer: InsurerAdapter;
  /** The platform's virtual-account codes (config.virtualAccountCodes); null when not configured. */
  virtualAccountCodes: ChannelCodes | null;
  /** How repayments are split (config.platformFeePpm), for jobs that receive payments. */
  repayment: RepaymentSettings;
  /** The real mail, SMS and push providers (outside the sandbox); absent in the sandbox and in tests. */
  delivery?: DeliveryProviders | null;
};

/** For runs given no integrations (tests of jobs that call none): any call fails loudly. */
export const NO_INTEGRATIONS: JobIntegrations = {
  sandbox: false,
  bank: {
    transfer: () => Promise.reject(new Error("this job run was given no bank adapter")),
    refund: () => Promise.reject(new Error("this job run was given no bank adapter")),
  },
  insurer: {
    fileClaim: () => Promise.reject(new Error("this job run was given no insurer adapter")),
    remit: () => Promise.reject(new Error("this job run was given no insurer adapter")),
  },
  virtualAccountCodes: null,
  repayment: { platformFeePpm: DEFAULT_PLATFORM_FEE_PPM },
};

/** What a job's handler gets: its own transaction and the business time it runs for. */
export type JobContext = {
  /**
   * The transaction the run is recorded in (job_runs): the job's writes go through it, so the
   * work and the record that it was done commit together or not at all.
   */
  tx: Db;
  /** The business date the run is for (`yyyy-mm-dd`, Jakarta): a daily job's date. */
  businessDate: string;
  /** The business instant of the occurrence (the scheduled time, not when it actually ran). */
  at: Date;
  /** The occurrence's key: the business date, or date and slot (`2026-11-24T10:15`). */
  occurrence: string;
  log: FastifyBaseLogger;
  integrations: JobIntegrations;
  /**
   * Work to run once the job's transaction has committed, on the database itself: calls to
   * outside parties (a bank transfer), which no rollback can undo. It is outside the exactly-once
   * record, so it must be idempotent and safe when two processes run it at once; a failure is
   * logged, and the work must be found again by a later occurrence (from its own table's state).
   */
  afterCommit(task: (db: Db) => Promise<void>): void;
};

/**
 * A job as data: a name (also its pg-boss queue), when it runs in business time (Asia/Jakarta),
 * and its handler. It runs exactly once per occurrence (per business date for a daily job),
 * whatever the number of server processes, retries and restarts (job-occurrence.ts).
 */
export type JobDefinition = {
  /** Kebab-case, unique: `late-fee-accrual`. */
  name: string;
  /** `{ daily: "01:00" }` (WIB) or `{ everyMinutes: 15 }` (a divisor of a day). */
  runs: JobSchedule;
  handler(context: JobContext): Promise<void>;
};

const NAME = /^[a-z][a-z0-9-]{2,62}$/;

/** Checks a definition once, where it is written, so a typo fails at start rather than at 02:00. */
export function defineJob(definition: JobDefinition): JobDefinition {
  if (!NAME.test(definition.name)) throw new Error(`A job name is kebab-case: ${definition.name}`);
  assertValidSchedule(definition.runs);
  return definition;
}
