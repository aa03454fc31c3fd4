import type { SupportInboxItem, SupportInboxQuery } from "@pinjaman/contracts/customer-care";
import type { SupportThread } from "@pinjaman/contracts/support";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { FastifyRequest } from "fastify";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Mailer } from "../../integrations/mail.ts";
import type { SmsSender } from "../../integrations/sms.ts";
import { Refusal } from "../../plugins/errors.ts";
import { hashToken } from "../sessions/tokens.ts";
import { recordStaffAction, staffIdOf } from "../staff/staff-actions.ts";
import "@pinjaman/i18n/ns/customer_care";

type RequestRow = typeof schema.supportRequests.$inferSelect;
type AnswerRow = typeof schema.supportAnswers.$inferSelect;

/** The reference the visitor is given: CS- and the id on six digits. */
export function supportReference(id: number): string {
  return `CS-${String(id).padStart(6, "0")}`;
}

/** How many messages the inbox shows at once (oldest open first: the longest wait is answered first). */
export const INBOX_LIMIT = 100;

async function answersOf(db: Db, ids: number[]): Promise<Map<number, AnswerRow[]>> {
  const byRequest = new Map<number, AnswerRow[]>();
  if (ids.length === 0) return byRequest;
  const rows = await db
    .select()
    .from(schema.supportAnswers)
    .where(inArray(schema.supportAnswers.supportRequestId, ids))
    .orderBy(asc(schema.supportAnswers.createdAt), asc(schema.supportAnswers.id));
  for (const row of rows) byRequest.set(row.supportRequestId, [...(byRequest.get(row.supportRequestId) ?? []), row]);
  return byRequest;
}

const answerView = (a: AnswerRow) => ({ id: a.id, body: a.body, created_at: a.createdAt.toISOString() });

function inboxItem(row: RequestRow, answers: AnswerRow[]): SupportInboxItem {
  return {
    id: row.id,
    reference: supportReference(row.id),
    name: row.name,
    contact: row.contact,
    message: row.message,
    page_path: row.pagePath,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answers: answers.map(answerView),
  };
}

/** The chat inbox: open messages oldest first; answered and all newest first. */
export async function listInbox(db: Db, query: SupportInboxQuery): Promise<SupportInboxItem[]> {
  const base = db.select().from(schema.supportRequests);
  const rows =
    query.status === "open"
      ? await base.where(eq(schema.supportRequests.status, "open")).orderBy(asc(schema.supportRequests.createdAt), asc(schema.supportRequests.id)).limit(INBOX_LIMIT)
      : query.status === "answered"
        ? await base.where(eq(schema.supportRequests.status, "answered")).orderBy(desc(schema.supportRequests.createdAt), desc(schema.supportRequests.id)).limit(INBOX_LIMIT)
        : await base.orderBy(desc(schema.supportRequests.createdAt), desc(schema.supportRequests.id)).limit(INBOX_LIMIT);
  const answers = await answersOf(db, rows.map((r) => r.id));
  return rows.map((r) => inboxItem(r, answers.get(r.id) ?? []));
}

/** The panel's own messages, by the secrets it kept; unknown tokens are skipped. Newest first. */
export async function lookupThreads(db: Db, tokens: readonly string[]): Promise<SupportThread[]> {
  const rows = await db
    .select()
    .from(schema.supportRequests)
    .where(inArray(schema.supportRequests.accessTokenHash, tokens.map(hashToken)))
    .orderBy(desc(schema.supportRequests.createdAt), desc(schema.supportRequests.id));
  const answers = await answersOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    reference: supportReference(r.id),
    message: r.message,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    answers: (answers.get(r.id) ?? []).map(answerView),
  }));
}

/** A contact with an @ is an e-mail address; anything else is taken as a phone number. */
export function contactChannel(contact: string): "email" | "sms" {
  return contact.includes("@") ? "email" : "sms";
}

/**
 * A staff answer: stored, the message marked answered and the staff action recorded in one
 * transaction; then sent to the visitor's contact (e-mail, or SMS for a phone number).
 */
export async function answerSupportRequest(
  db: Db,
  delivery: { mailer: Mailer; sms: SmsSender },
  request: FastifyRequest,
  input: { id: number; body: string },
  now = new Date(),
): Promise<SupportInboxItem & { delivered_to: "email" | "sms" }> {
  const row = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [found] = await tx.select().from(schema.supportRequests).where(eq(schema.supportRequests.id, input.id)).for("update");
    if (!found) throw new Refusal(404, "support_request_not_found", t("customer_care.support_request_not_found"));
    const [answer] = await tx
      .insert(schema.supportAnswers)
      .values({ supportRequestId: found.id, staffId: staffIdOf(request), body: input.body, createdAt: now })
      .returning();
    const [updated] = await tx
      .update(schema.supportRequests)
      .set({ status: "answered", answeredAt: now })
      .where(eq(schema.supportRequests.id, found.id))
      .returning();
    await recordStaffAction(tx, request, {
      permission: "chat.answer",
      action: "support_request.answer",
      subjectType: "support_request",
      subjectId: String(found.id),
      before: { status: found.status },
      after: { status: "answered", answer_id: answer!.id, body: input.body },
    });
    return updated!;
  });
  const reference = supportReference(row.id);
  const channel = contactChannel(row.contact);
  if (channel === "email") {
    await delivery.mailer.send({
      to: row.contact,
      subject: t("customer_care.mail.support_answer.subject", { reference }),
      body: t("customer_care.mail.support_answer.body", { name: row.name, reference, answer: input.body, message: row.message }),
    });
  } else {
    await delivery.sms.send({ to: row.contact, body: t("customer_care.sms.support_answer", { reference, answer: input.body }) });
  }
  const answers = await answersOf(db, [row.id]);
  return { ...inboxItem(row, answers.get(row.id) ?? []), delivered_to: channel };
}
