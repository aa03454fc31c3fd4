import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { Decision } from "@pinjaman/domain/decision/rules";
import { decideSubmittedApplication, lockCustomer } from "./automatic-decision.ts";
import { recordTransition } from "./status-transitions.ts";

export type NewLoanApplication = {
  customerId: string;
  productKey: string;
  amount: number;
  term: number;
  dailyRatePpm: number;
  totalRepayment: number;
  maturityOn: string | null;
  flowProgressId: string | null;
  today: string;
};

/**
 * A borrower's submission (onboarding completion): a `pending` loan account and its `submitted`
 * application, both recorded as created by the customer, then the automatic decision. The
 * customer row is locked first, so a second submission of the same customer waits and is then
 * rejected by the one-open-application rule.
 */
export async function submitLoanApplication(tx: Db, input: NewLoanApplication): Promise<{ accountId: string; applicationId: string; decision: Decision }> {
  await lockCustomer(tx, input.customerId);
  const customer = { kind: "customer" as const, id: input.customerId };
  const [account] = await tx
    .insert(schema.accounts)
    .values({ customerId: input.customerId, typeKey: "loan", productKey: input.productKey, status: "pending" })
    .returning({ id: schema.accounts.id });
  if (!account) throw new Error("account not stored");
  await recordTransition(tx, { subject: "account", id: account.id, from: null, to: "pending", event: "open", actor: customer, reason: null });
  const [application] = await tx
    .insert(schema.accountApplications)
    .values({
      accountId: account.id,
      typeKey: "initial",
      status: "submitted",
      amount: input.amount,
      term: input.term,
      dailyRatePpm: input.dailyRatePpm,
      totalRepayment: input.totalRepayment,
      flowProgressId: input.flowProgressId,
      submittedOn: input.today,
      maturityOn: input.maturityOn,
    })
    .returning({ id: schema.accountApplications.id });
  if (!application) throw new Error("application not stored");
  await recordTransition(tx, { subject: "account_application", id: application.id, from: null, to: "submitted", event: "submit", actor: customer, reason: null });
  const decision = await decideSubmittedApplication(tx, application.id, input.today);
  return { accountId: account.id, applicationId: application.id, decision };
}
