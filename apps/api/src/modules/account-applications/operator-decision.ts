import { eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { eventsFrom } from "@pinjaman/domain/statuses/machine";
import { APPLICATION_MACHINE, type ApplicationEvent } from "@pinjaman/domain/statuses/tables";
import type { ApplicationStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { Refusal } from "../../plugins/errors.ts";
import { applicationsInFlight, gradeOf, lockCustomer } from "./automatic-decision.ts";
import { applicationNotFound, IllegalTransition, transitionApplication } from "./status-transitions.ts";
import { cancelInvestments } from "../funding/investment-service.ts";
import "@pinjaman/i18n/ns/status";

/** The events an operator's outcome stands for, by the status the application is in. */
const OPERATOR_EVENTS: Record<"approve" | "reject", readonly ApplicationEvent[]> = {
  approve: ["approve", "overturn_rejection"],
  reject: ["reject", "withdraw_approval"],
};

/**
 * An operator decides an application (decision 0010): approve a submitted or rejected one
 * (→ waiting_for_investment, with its risk grade), reject a submitted or approved, not yet funded
 * one (→ rejected; the borrower sees the operator's generic reason). Any other status: 409.
 * An approval that would give the customer a second application in flight: 409.
 */
export async function decideByOperator(
  tx: Db,
  input: { applicationId: string; outcome: "approve" | "reject"; operatorId: string; reason: string; today: string },
): Promise<void> {
  const [row] = await tx
    .select({ status: schema.accountApplications.status, customerId: schema.accounts.customerId })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(eq(schema.accountApplications.id, input.applicationId));
  if (!row) throw applicationNotFound();
  const status = row.status as ApplicationStatus;
  const event = eventsFrom(APPLICATION_MACHINE, status).find((e) => OPERATOR_EVENTS[input.outcome].includes(e));
  if (!event) throw new IllegalTransition(status, input.outcome);
  const actor = { kind: "operator" as const, id: input.operatorId };

  if (input.outcome === "approve") {
    await lockCustomer(tx, row.customerId);
    if (event === "overturn_rejection" && (await applicationsInFlight(tx, row.customerId, input.applicationId)) > 0) {
      throw new Refusal(409, "application_in_flight", t("status.transition.application_in_flight"));
    }
    const grade = await gradeOf(tx, input.applicationId, input.today);
    await transitionApplication(tx, input.applicationId, event, actor, input.reason);
    await tx.update(schema.accountApplications).set({ riskGrade: grade, rejectionReason: null, approvedOn: input.today }).where(eq(schema.accountApplications.id, input.applicationId));
  } else {
    await transitionApplication(tx, input.applicationId, event, actor, input.reason);
    if (event === "withdraw_approval") await cancelInvestments(tx, input.applicationId, input.today, actor, input.reason);
    await tx.update(schema.accountApplications).set({ riskGrade: null, rejectionReason: "operator" }).where(eq(schema.accountApplications.id, input.applicationId));
  }
}
