import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { FileStorage } from "../../integrations/storage/file-storage.ts";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import "@pinjaman/i18n/ns/customer_care";

/** Loan accounts in these statuses still owe money (or may again): their borrower's data is needed to collect. */
const OPEN_LOAN_STATUSES = ["pending", "active", "sold_transfer_period", "written_off"] as const;
/** Applications on their way to a loan. */
const OPEN_APPLICATION_STATUSES = ["submitted", "in_disbursement", "waiting_for_deadline", "waiting_for_investment", "activated"] as const;
/** Investments whose money is still out. */
const OPEN_INVESTMENT_STATUSES = ["pending", "settled"] as const;

export type DeletionOutcome = { id: string; removed: string[]; kept: string[] };

/** The anonymised e-mail of a deleted customer: unique, undeliverable (RFC 2606 .invalid). */
export function deletedEmail(customerId: string): string {
  return `deleted-${customerId}@pinjaman.invalid`;
}

/** Whether anything financial is still open: deletion waits until it is settled (decision customers-chat-and-personal-data). */
export async function hasOpenObligations(db: Db, customerId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    select
      exists (select 1 from ${schema.accounts} where ${schema.accounts.customerId} = ${customerId} and ${schema.accounts.typeKey} = 'loan'
              and ${schema.accounts.status} in (${sql.join(OPEN_LOAN_STATUSES.map((s) => sql`${s}`), sql`, `)}))
      or exists (select 1 from ${schema.accountApplications} join ${schema.accounts} on ${schema.accounts.id} = ${schema.accountApplications.accountId}
              where ${schema.accounts.customerId} = ${customerId}
              and ${schema.accountApplications.status} in (${sql.join(OPEN_APPLICATION_STATUSES.map((s) => sql`${s}`), sql`, `)}))
      or exists (select 1 from ${schema.investments} where ${schema.investments.customerId} = ${customerId}
              and ${schema.investments.status} in (${sql.join(OPEN_INVESTMENT_STATUSES.map((s) => sql`${s}`), sql`, `)}))
      or exists (select 1 from ${schema.ledgerAccounts} where ${schema.ledgerAccounts.customerId} = ${customerId}
              and (${schema.ledgerAccounts.creditsPosted} <> ${schema.ledgerAccounts.debitsPosted}
                   or ${schema.ledgerAccounts.creditsPending} <> 0 or ${schema.ledgerAccounts.debitsPending} <> 0))
      as open
  `)) as unknown as { rows: { open: boolean }[] };
  return Boolean(result.rows[0]?.open);
}

/**
 * UU PDP 27/2022 art. 8 and 16: the customer's deletion request, confirmed with their password.
 * Removes what the law lets us remove and keeps what OJK, the APU-PPT rules and tax law require,
 * in one transaction; the uploaded files go after it commits. `now` is the business instant: the
 * deletion's date starts the identity core's retention (retention-purge.ts). Refused (409) while a loan,
 * application, investment or balance is open.
 */
export async function deletePersonalData(
  db: Db,
  storage: FileStorage,
  input: { customerId: string; password: string },
  now = new Date(),
  log?: Pick<FastifyBaseLogger, "error">,
): Promise<DeletionOutcome> {
  const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.id, input.customerId));
  if (!customer || !(await verifyPassword(customer.passwordHash, input.password))) {
    throw new FieldErrors({ password: [t("customer_care.personal_data.wrong_password")] });
  }
  if (await hasOpenObligations(db, input.customerId)) {
    throw new Refusal(409, "open_obligations", t("customer_care.personal_data.open_obligations"));
  }
  const customerId = input.customerId;
  const { outcome, objectKeys } = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [locked] = await tx.select({ email: schema.customers.email }).from(schema.customers).where(eq(schema.customers.id, customerId)).for("update");
    if (!locked) throw new Refusal(404, "customer_not_found", t("customer_care.customer_not_found"));
    const [{ n: accountCount } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.accounts)
      .where(eq(schema.accounts.customerId, customerId));

    const uploads = await tx.delete(schema.fieldUploads).where(eq(schema.fieldUploads.customerId, customerId)).returning({ key: schema.fieldUploads.objectKey });
    // A progress that became an application is that application's record (OJK): kept; the rest go.
    const applicationProgresses = tx
      .select({ id: schema.accountApplications.flowProgressId })
      .from(schema.accountApplications)
      .where(isNotNull(schema.accountApplications.flowProgressId));
    const flows = await tx
      .delete(schema.flowProgresses)
      .where(and(eq(schema.flowProgresses.customerId, customerId), notInArray(schema.flowProgresses.id, applicationProgresses)))
      .returning({ id: schema.flowProgresses.id });
    // Customers who had an account keep the KYC identity core (NIK, name, birth date, consent): APU-PPT retention.
    const profile =
      Number(accountCount) > 0
        ? await tx.update(schema.customerProfiles).set({ kyc: {}, updatedAt: now }).where(eq(schema.customerProfiles.customerId, customerId)).returning({ id: schema.customerProfiles.customerId })
        : await tx.delete(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId)).returning({ id: schema.customerProfiles.customerId });
    const devices = await tx.delete(schema.devices).where(eq(schema.devices.customerId, customerId)).returning({ id: schema.devices.id });
    await tx.delete(schema.knownDevices).where(eq(schema.knownDevices.customerId, customerId));
    const sessions = await tx.delete(schema.sessions).where(eq(schema.sessions.customerId, customerId)).returning({ id: schema.sessions.id });
    await tx.delete(schema.passwordTokens).where(eq(schema.passwordTokens.customerId, customerId));
    const notices = await tx.delete(schema.customerNotices).where(eq(schema.customerNotices.customerId, customerId)).returning({ id: schema.customerNotices.id });
    const chats = await tx.delete(schema.supportRequests).where(eq(schema.supportRequests.contact, locked.email)).returning({ id: schema.supportRequests.id });
    await tx
      .update(schema.customers)
      .set({ name: t("customer_care.personal_data.anonymised_name"), email: deletedEmail(customerId), phone: null, passwordHash: null })
      .where(eq(schema.customers.id, customerId));

    const removed = ["identity", "sessions", "kyc", "flows", "notices"].map((k) => t(`customer_care.personal_data.removed.${k}`));
    const kept = ["financial", "identity", "tax", "audit"].map((k) => t(`customer_care.personal_data.kept.${k}`));
    const [request] = await tx
      .insert(schema.personalDataRequests)
      .values({
        customerId,
        kind: "deletion",
        status: "completed",
        createdAt: now,
        details: {
          removed: {
            field_uploads: uploads.length,
            flow_progresses: flows.length,
            devices: devices.length,
            sessions: sessions.length,
            customer_notices: notices.length,
            support_requests: chats.length,
            customer_profile: Number(accountCount) > 0 ? "kyc_answers_only" : profile.length,
          },
          kept: ["accounts", "account_applications", "invoices", "payments", "investments", "ledger", "status_transitions", "lender_profiles", "customer_profiles.identity", "audit_events", "staff_actions"],
        },
      })
      .returning({ id: schema.personalDataRequests.id });
    return { outcome: { id: request!.id, removed, kept }, objectKeys: uploads.map((u) => u.key) };
  });
  // After the commit: a file the store fails to remove is logged, not undone (the rows are gone);
  // it is found again by its key in the log, and an S3 bucket's lifecycle rule is the backstop.
  for (const key of objectKeys) {
    await storage.remove(key).catch((error: unknown) => log?.error({ err: error, key }, "personal data deletion: file not removed"));
  }
  return outcome;
}

/** Records a download (kind export) so the customer's requests are visible to them and to staff. */
export async function recordExport(db: Db, customerId: string, sections: string[]): Promise<void> {
  await db.insert(schema.personalDataRequests).values({ customerId, kind: "export", status: "completed", details: { sections } });
}
