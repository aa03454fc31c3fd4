import { schema, type Db } from "@pinjaman/db";
import { contactWindow, CONTACT_HOURS, promiseStatus } from "@pinjaman/domain/collections";
import { addDays, parseIsoDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { CollectionCase, ContactBody, PromiseBody } from "@pinjaman/contracts/collections";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { lateLoanOf, loanRow } from "./late-loans.ts";
import "@pinjaman/i18n/ns/back-office-loans";

/**
 * Collections (decision 0027): each loan's contact log and promises to pay (the list of late
 * loans by bucket is late-loans.ts). A contact is refused outside 08:00–20:00
 * of the borrower's own time (the zone of their address's province, business clock).
 */

const loanNotFound = () => new Refusal(404, "account_not_found", t("back-office-loans.collections.error.not_found"));

/** One loan's collection case: the loan, whether the borrower may be contacted now, contacts and promises. */
export async function collectionCase(db: Db, accountId: string, now: { at: Date; date: string }): Promise<CollectionCase> {
  const row = await loanRow(db, now.date, accountId);
  if (!row) throw loanNotFound();
  const window = contactWindow(now.at, row.region);
  const contacts = await db
    .select({ c: schema.collectionContacts, staffName: schema.customers.name })
    .from(schema.collectionContacts)
    .innerJoin(schema.customers, eq(schema.customers.id, schema.collectionContacts.staffId))
    .where(eq(schema.collectionContacts.accountId, accountId))
    .orderBy(desc(schema.collectionContacts.contactedAt));
  const promises = await db
    .select({ p: schema.promisesToPay, staffName: schema.customers.name })
    .from(schema.promisesToPay)
    .innerJoin(schema.customers, eq(schema.customers.id, schema.promisesToPay.staffId))
    .where(eq(schema.promisesToPay.accountId, accountId))
    .orderBy(desc(schema.promisesToPay.promisedOn), desc(schema.promisesToPay.createdAt));
  return {
    loan: lateLoanOf(row),
    contact_window: { allowed: window.allowed, local_time: `${window.localTime} ${window.zone}`, from: `0${CONTACT_HOURS.from}:00`, until: `${CONTACT_HOURS.until}:00` },
    contacts: contacts.map(({ c, staffName }) => contactView(c, staffName)),
    promises: await Promise.all(promises.map(async ({ p, staffName }) => promiseView(db, p, staffName, now.date))),
    today: now.date,
  };
}

function contactView(c: typeof schema.collectionContacts.$inferSelect, staffName: string) {
  return { id: c.id, channel: c.channel, outcome: c.outcome, note: c.note, time_zone: c.timeZone, contacted_at: c.contactedAt.toISOString(), staff_name: staffName };
}

/**
 * What the borrower paid towards a promise: the payments allocated to the loan from the day it was
 * made up to its date (kept or broken is read from it).
 */
export async function paidTowardsPromise(db: Db, p: { accountId: string; madeOn: string; promisedOn: string }): Promise<number> {
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${schema.payments.amount}), 0)::text` })
    .from(schema.payments)
    .where(
      and(
        eq(schema.payments.accountId, p.accountId),
        eq(schema.payments.status, "allocated"),
        gte(schema.payments.businessDate, p.madeOn),
        lte(schema.payments.businessDate, p.promisedOn),
      ),
    );
  return Number(paid?.total ?? 0);
}

async function promiseView(db: Db, p: typeof schema.promisesToPay.$inferSelect, staffName: string, today: string) {
  const paidSinceMade = await paidTowardsPromise(db, p);
  return {
    id: p.id,
    made_on: p.madeOn,
    promised_on: p.promisedOn,
    amount: p.amount,
    paid: paidSinceMade,
    status: promiseStatus(p, paidSinceMade, today),
    note: p.note,
    staff_name: staffName,
  };
}

async function requireLoan(tx: Db, accountId: string): Promise<{ region: string | null }> {
  const [row] = await tx
    .select({ id: schema.accounts.id, kyc: schema.customerProfiles.kyc })
    .from(schema.accounts)
    .leftJoin(schema.customerProfiles, eq(schema.customerProfiles.customerId, schema.accounts.customerId))
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.typeKey, "loan")));
  if (!row) throw loanNotFound();
  const region = row.kyc?.region;
  return { region: typeof region === "string" ? region : null };
}

/**
 * Records a contact attempt: refused (409 outside_contact_hours, nothing stored) outside
 * 08:00–20:00 of the borrower's time zone at the business instant.
 */
export async function recordContact(tx: Db, caller: { staffId: string; request: FastifyRequest }, accountId: string, body: Required<ContactBody>, now: { at: Date }) {
  const { region } = await requireLoan(tx, accountId);
  const window = contactWindow(now.at, region);
  if (!window.allowed) {
    throw new Refusal(409, "outside_contact_hours", t("back-office-loans.collections.error.outside_hours", { time: window.localTime, zone: window.zone }));
  }
  const [row] = await tx
    .insert(schema.collectionContacts)
    .values({ accountId, staffId: caller.staffId, channel: body.channel, outcome: body.outcome, note: body.note, timeZone: window.zone, contactedAt: now.at })
    .returning();
  await recordStaffAction(tx, caller.request, {
    permission: "collections.work",
    action: "collection.contact",
    subjectType: "account",
    subjectId: accountId,
    after: { contact_id: row!.id, channel: body.channel, outcome: body.outcome, local_time: `${window.localTime} ${window.zone}` },
    reason: body.note || null,
  });
  const [staff] = await tx.select({ name: schema.customers.name }).from(schema.customers).where(eq(schema.customers.id, caller.staffId));
  return contactView(row!, staff?.name ?? "");
}

/** The furthest a promise may be dated: a collector follows up within a month. */
export const PROMISE_MAX_DAYS_AHEAD = 30;

/** What the borrower still owes on the loan's open invoices: principal, interest and late fees. */
async function amountOwed(tx: Db, accountId: string): Promise<number> {
  const i = schema.invoices;
  const [row] = await tx
    .select({ owed: sql<string>`coalesce(sum(${i.principal} - ${i.paidPrincipal} + ${i.interest} - ${i.paidInterest} + ${i.lateFee} - ${i.paidLateFee}), 0)::text` })
    .from(i)
    .where(and(eq(i.accountId, accountId), eq(i.status, "open")));
  return Number(row?.owed ?? 0);
}

/** A promise is dated today to 30 days ahead and is for at most what the borrower still owes. */
export async function recordPromise(tx: Db, caller: { staffId: string; request: FastifyRequest }, accountId: string, body: Required<PromiseBody>, today: string) {
  await requireLoan(tx, accountId);
  const latest = addDays(today, PROMISE_MAX_DAYS_AHEAD);
  const fields: Record<string, string[]> = {};
  if (!parseIsoDate(body.promised_on) || body.promised_on < today || body.promised_on > latest) {
    fields.promised_on = [t("back-office-loans.collections.error.promise_date", { days: PROMISE_MAX_DAYS_AHEAD })];
  }
  const owed = await amountOwed(tx, accountId);
  if (body.amount > owed) fields.amount = [t("back-office-loans.collections.error.promise_amount", { owed: formatRupiah(owed) })];
  if (Object.keys(fields).length) throw new FieldErrors(fields);
  const [row] = await tx
    .insert(schema.promisesToPay)
    .values({ accountId, staffId: caller.staffId, madeOn: today, promisedOn: body.promised_on, amount: body.amount, note: body.note })
    .returning();
  await recordStaffAction(tx, caller.request, {
    permission: "collections.work",
    action: "collection.promise",
    subjectType: "account",
    subjectId: accountId,
    after: { promise_id: row!.id, promised_on: body.promised_on, amount: body.amount },
    reason: body.note || null,
  });
  const [staff] = await tx.select({ name: schema.customers.name }).from(schema.customers).where(eq(schema.customers.id, caller.staffId));
  return promiseView(tx, row!, staff?.name ?? "", today);
}
