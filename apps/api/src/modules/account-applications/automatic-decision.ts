import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { declaredFinances } from "@pinjaman/domain/decision/kyc-answers";
import { riskGrade } from "@pinjaman/domain/decision/risk-grade";
import { decideApplication, type Decision, type DecisionInput, type RiskGrade } from "@pinjaman/domain/decision/rules";
import { buildSchedule } from "@pinjaman/domain/schedule";
import { IN_FLIGHT_APPLICATION_STATUSES } from "@pinjaman/domain/statuses/tables";
import { SYSTEM, transitionApplication } from "./status-transitions.ts";

/**
 * Serialises a customer's application changes: the customer row is locked until the
 * transaction ends, so two submissions (or an operator's approval) of one customer never both
 * count the other as absent. The new-loan rule holds on the server through this lock.
 */
export async function lockCustomer(tx: Db, customerId: string): Promise<void> {
  await tx.execute(sql`select id from customers where id = ${customerId} for update`);
}

/** The customer's applications in flight (draft … in_disbursement), other than `exceptId`. */
export async function applicationsInFlight(tx: Db, customerId: string, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(
      and(
        eq(schema.accounts.customerId, customerId),
        ne(schema.accountApplications.id, exceptId),
        inArray(schema.accountApplications.status, IN_FLIGHT_APPLICATION_STATUSES),
      ),
    );
  return row?.n ?? 0;
}

/** What the rules read about an application: its customer's profile and loans, its instalment. */
export async function decisionInputOf(tx: Db, applicationId: string, today: string): Promise<DecisionInput & { customerId: string }> {
  const [row] = await tx
    .select({
      customerId: schema.accounts.customerId,
      amount: schema.accountApplications.amount,
      dailyRatePpm: schema.accountApplications.dailyRatePpm,
      term: schema.accountApplications.term,
      personalCode: schema.customerProfiles.personalCode,
      kyc: schema.customerProfiles.kyc,
    })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .leftJoin(schema.customerProfiles, eq(schema.customerProfiles.customerId, schema.accounts.customerId))
    .where(eq(schema.accountApplications.id, applicationId));
  if (!row) throw new Error(`application ${applicationId} not found`);
  const personalCode = row.personalCode ?? "";
  const [sameNik] = await tx
    .select({ n: count() })
    .from(schema.customerProfiles)
    .where(and(eq(schema.customerProfiles.personalCode, personalCode), ne(schema.customerProfiles.customerId, row.customerId)));
  return {
    customerId: row.customerId,
    today,
    personalCode,
    personalCodeOnOtherCustomer: (sameNik?.n ?? 0) > 0,
    otherApplicationsInFlight: await applicationsInFlight(tx, row.customerId, applicationId),
    // The largest monthly instalment of the schedule (the last, which takes the principal's remainder).
    instalment: Math.max(...buildSchedule({ principal: row.amount, dailyRatePpm: row.dailyRatePpm, termMonths: row.term, startDate: today }).instalments.map((i) => i.amount)),
    ...declaredFinances(row.kyc ?? {}),
  };
}

/** The risk grade the application's borrower and terms earn today (decision record 0010). */
export async function gradeOf(tx: Db, applicationId: string, today: string): Promise<RiskGrade> {
  return riskGrade(await decisionInputOf(tx, applicationId, today));
}

/**
 * The automatic decision on a submitted application (decision record 0010): every rule's
 * outcome stored; approved → waiting_for_investment with its risk grade, rejected → rejected
 * with the first failed rule as the borrower's reason, referred → stays submitted for an operator.
 * Runs in the submitting transaction, after lockCustomer.
 */
export async function decideSubmittedApplication(tx: Db, applicationId: string, today: string): Promise<Decision> {
  const input = await decisionInputOf(tx, applicationId, today);
  const decision = decideApplication(input, riskGrade);
  await tx.insert(schema.applicationDecisions).values({
    accountApplicationId: applicationId,
    outcome: decision.outcome,
    riskGrade: decision.outcome === "approve" ? decision.grade : null,
    rules: decision.rules,
  });
  if (decision.outcome === "approve") {
    await transitionApplication(tx, applicationId, "approve", SYSTEM, "automatic decision: every rule passed");
    await tx.update(schema.accountApplications).set({ riskGrade: decision.grade, approvedOn: today }).where(eq(schema.accountApplications.id, applicationId));
  } else if (decision.outcome === "reject") {
    await transitionApplication(tx, applicationId, "reject", SYSTEM, `automatic decision: ${decision.reason}`);
    await tx.update(schema.accountApplications).set({ rejectionReason: decision.reason }).where(eq(schema.accountApplications.id, applicationId));
  }
  return decision;
}
