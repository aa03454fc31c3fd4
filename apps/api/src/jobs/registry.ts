import { deliveriesJob } from "./definitions/deliveries.ts";
import { autoinvestJob } from "./definitions/autoinvest.ts";
import { coolingOffJob } from "./definitions/cooling-off.ts";
import { disbursalJob } from "./definitions/disbursal.ts";
import { withdrawalJob } from "./definitions/withdrawal.ts";
import { creditRefundJob } from "./definitions/credit-refund.ts";
import { fundingDeadlineJob } from "./definitions/funding-deadline.ts";
import { insuranceClaimsJob } from "./definitions/insurance-claims.ts";
import { insurerRemittanceJob } from "./definitions/insurer-remittance.ts";
import { sandboxBookRepaymentsJob } from "./definitions/sandbox-book-repayments.ts";
import { housekeepingJob } from "./definitions/housekeeping.ts";
import { personalDataRetentionJob } from "./definitions/personal-data-retention.ts";
import { lateFeeAccrualJob } from "./definitions/late-fee-accrual.ts";
import { partnerCallbacksJob } from "./definitions/partner-callbacks.ts";
import { paymentRemindersJob } from "./definitions/payment-reminders.ts";
import { promiseRemindersJob } from "./definitions/promise-reminders.ts";
import { tkbSnapshotJob } from "./definitions/tkb-snapshot.ts";
import type { JobDefinition } from "./job-definition.ts";

/**
 * Every job the server runs. A new job is a file in definitions/ (`defineJob({ name, runs, handler })`)
 * and one line here. Jobs due at the same minute run in this order when the sandbox clock moves.
 */
export const jobDefinitions: readonly JobDefinition[] = [fundingDeadlineJob, autoinvestJob, coolingOffJob, disbursalJob, withdrawalJob, creditRefundJob, lateFeeAccrualJob, insuranceClaimsJob, insurerRemittanceJob, sandboxBookRepaymentsJob, tkbSnapshotJob, paymentRemindersJob, promiseRemindersJob, housekeepingJob, personalDataRetentionJob, deliveriesJob, partnerCallbacksJob];
