import type { ReviewDetail, ReviewQueueItem } from "@pinjaman/contracts/back-office-queues";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { eventsFrom } from "@pinjaman/domain/statuses/machine";
import { APPLICATION_MACHINE } from "@pinjaman/domain/statuses/tables";
import { ADDRESS_TYPES } from "@pinjaman/domain/address-filter";
import type { ApplicationStatus } from "@pinjaman/domain/status-labels";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { rejectionText } from "../account-applications/application-service.ts";
import { checkAddressValues } from "../addresses/address-service.ts";

export const REVIEW_PAGE_SIZE = 25;

/** The latest automatic decision of each application, to tell a referred one (decision 0010). */
const latestDecision = sql<string | null>`(
  select d.outcome from application_decisions d
  where d.account_application_id = ${schema.accountApplications.id}
  order by d.decided_at desc limit 1)`;

/**
 * The review queue (decision 0033): applications in one status, oldest
 * submission first (first come, first decided, as a loan officer's pending-approval list), with
 * whether the automatic decision referred them to an operator.
 */
export async function reviewQueue(db: Db, status: ApplicationStatus, page: number): Promise<{ items: ReviewQueueItem[]; total: number }> {
  const where = eq(schema.accountApplications.status, status);
  const rows = await db
    .select({
      id: schema.accountApplications.id,
      status: schema.accountApplications.status,
      borrowerName: schema.customers.name,
      productName: schema.products.name,
      amount: schema.accountApplications.amount,
      term: schema.accountApplications.term,
      submittedOn: schema.accountApplications.submittedOn,
      riskGrade: schema.accountApplications.riskGrade,
      decision: latestDecision,
    })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
    .leftJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(where)
    .orderBy(asc(schema.accountApplications.submittedOn), asc(schema.accountApplications.createdAt), asc(schema.accountApplications.id))
    .limit(REVIEW_PAGE_SIZE)
    .offset((page - 1) * REVIEW_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(schema.accountApplications).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.status,
      borrower_name: r.borrowerName,
      product_name: r.productName,
      amount: r.amount,
      term: r.term,
      submitted_on: r.submittedOn,
      referred: r.decision === "refer",
      risk_grade: r.riskGrade,
    })),
    total: total?.n ?? 0,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A KYC answer as a line of text; uploads are listed as documents, objects as JSON. */
function answerText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** Which outcomes the operator decision allows from a status (decision 0010 "Operator override"). */
export function allowedOutcomes(status: ApplicationStatus): ("approve" | "reject")[] {
  const events = eventsFrom(APPLICATION_MACHINE, status);
  const outcomes: ("approve" | "reject")[] = [];
  if (events.includes("approve") || events.includes("overturn_rejection")) outcomes.push("approve");
  if (events.includes("reject") || events.includes("withdraw_approval")) outcomes.push("reject");
  return outcomes;
}

export const documentUrl = (applicationId: string, uploadId: string) => `/app_api/v1/back_office/applications/${applicationId}/documents/${uploadId}`;

/**
 * Everything a reviewer needs on one page: the application, the customer, the KYC answers and
 * their uploaded documents, the automatic decision's rules, the recorded moves, and the
 * customer's history (earlier applications, loans, payments). Null when there is no such application.
 */
export async function reviewDetail(db: Db, applicationId: string): Promise<ReviewDetail | null> {
  const [row] = await db
    .select({ application: schema.accountApplications, productName: schema.products.name, customer: schema.customers })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
    .leftJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(eq(schema.accountApplications.id, applicationId));
  if (!row) return null;
  const { application: a, customer } = row;

  const [profile] = await db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customer.id));
  const uploads = await db
    .select()
    .from(schema.fieldUploads)
    .where(and(eq(schema.fieldUploads.customerId, customer.id), eq(schema.fieldUploads.status, "uploaded")))
    .orderBy(asc(schema.fieldUploads.createdAt));
  const uploadIds = new Set(uploads.map((u) => u.id));
  const kyc: Record<string, unknown> = profile?.kyc ?? {};
  const answers = Object.entries(kyc);
  // The address answers are area codes: the operator reads their names (a code not known stays as it is).
  const { labels: areaNames } = await checkAddressValues(db, Object.fromEntries(ADDRESS_TYPES.map((type) => [type, typeof kyc[type] === "string" ? kyc[type] : null])));
  const fieldOfUpload = new Map(answers.filter(([, v]) => typeof v === "string" && uploadIds.has(v)).map(([k, v]) => [v as string, k]));

  const [decision] = await db
    .select()
    .from(schema.applicationDecisions)
    .where(eq(schema.applicationDecisions.accountApplicationId, a.id))
    .orderBy(desc(schema.applicationDecisions.decidedAt))
    .limit(1);
  const transitions = await db
    .select()
    .from(schema.statusTransitions)
    .where(and(eq(schema.statusTransitions.subjectType, "account_application"), eq(schema.statusTransitions.subjectId, a.id)))
    .orderBy(asc(schema.statusTransitions.sequence));

  const loans = await db
    .select()
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, customer.id), eq(schema.accounts.typeKey, "loan")))
    .orderBy(desc(schema.accounts.createdAt));
  const accountIds = loans.map((l) => l.id);
  const applications = accountIds.length
    ? await db.select().from(schema.accountApplications).where(inArray(schema.accountApplications.accountId, accountIds)).orderBy(desc(schema.accountApplications.createdAt))
    : [];
  const payments = accountIds.length
    ? await db.select().from(schema.payments).where(inArray(schema.payments.accountId, accountIds)).orderBy(desc(schema.payments.createdAt)).limit(50)
    : [];

  return {
    application: {
      id: a.id,
      account_id: a.accountId,
      status: a.status,
      type_key: a.typeKey,
      product_name: row.productName,
      amount: a.amount,
      term: a.term,
      daily_rate_ppm: a.dailyRatePpm,
      total_repayment: a.totalRepayment,
      submitted_on: a.submittedOn,
      risk_grade: a.riskGrade,
      rejection_reason: a.status === "rejected" ? rejectionText(a.rejectionReason) : null,
    },
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, created_at: customer.createdAt.toISOString() },
    kyc: profile
      ? {
          full_name: profile.fullName,
          personal_code: profile.personalCode,
          birth_date: profile.birthDate,
          answers: answers
            .filter(([, v]) => !(typeof v === "string" && uploadIds.has(v)) && !(typeof v === "string" && UUID.test(v)))
            .map(([key, value]) => ({ key, value: areaNames[key as keyof typeof areaNames] ?? answerText(value) })),
        }
      : null,
    documents: uploads.map((u) => ({ id: u.id, field_key: fieldOfUpload.get(u.id) ?? null, filename: u.filename, mime_type: u.mimeType, size: u.size, url: documentUrl(a.id, u.id) })),
    decision: decision
      ? {
          outcome: decision.outcome,
          risk_grade: decision.riskGrade,
          decided_at: decision.decidedAt.toISOString(),
          rules: (decision.rules as Record<string, unknown>[]).map((r) => ({
            key: String(r.key),
            passed: typeof r.passed === "boolean" ? r.passed : null,
            measured: (r.measured as Record<string, unknown> | undefined) ?? null,
            threshold: (r.threshold as Record<string, unknown> | undefined) ?? null,
            source: typeof r.source === "string" ? r.source : null,
          })),
        }
      : null,
    transitions: transitions.map((t) => ({
      from_status: t.fromStatus,
      to_status: t.toStatus,
      event: t.event,
      actor_kind: t.actorKind,
      reason: t.reason,
      created_at: t.createdAt.toISOString(),
    })),
    history: {
      applications: applications.filter((x) => x.id !== a.id).map((x) => ({ id: x.id, status: x.status, amount: x.amount, term: x.term, submitted_on: x.submittedOn })),
      loans: loans.filter((l) => l.activatedOn !== null).map((l) => ({ id: l.id, status: l.status, principal_balance: l.principalBalance, activated_on: l.activatedOn, closed_on: l.closedOn })),
      payments: payments.map((p) => ({ id: p.id, account_id: p.accountId, amount: p.amount, status: p.status, paid_on: p.businessDate })),
    },
    allowed_outcomes: allowedOutcomes(a.status as ApplicationStatus),
  };
}

/** An uploaded file of the application's customer (null when it is not theirs or not uploaded). */
export async function applicationDocument(db: Db, applicationId: string, uploadId: string) {
  const [row] = await db
    .select({ upload: schema.fieldUploads })
    .from(schema.fieldUploads)
    .innerJoin(schema.accounts, eq(schema.accounts.customerId, schema.fieldUploads.customerId))
    .innerJoin(schema.accountApplications, eq(schema.accountApplications.accountId, schema.accounts.id))
    .where(and(eq(schema.fieldUploads.id, uploadId), eq(schema.accountApplications.id, applicationId)));
  return row?.upload.status === "uploaded" ? row.upload : null;
}
