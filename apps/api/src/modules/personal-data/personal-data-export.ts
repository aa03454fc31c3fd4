import type { PersonalDataExport } from "@pinjaman/contracts/personal-data";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { eq, inArray, or } from "drizzle-orm";

/** Secrets never leave the server, not even to their owner. */
const SECRET_COLUMNS = new Set(["passwordHash", "tokenHash", "codeHash", "deviceKeyHash", "accessTokenHash", "token"]);

function clean<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !SECRET_COLUMNS.has(key))
      .map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value instanceof Date ? value.toISOString() : value]),
  );
}

/**
 * Everything held about one customer (UU PDP 27/2022 art. 7 and 13: access and portability), as
 * JSON sections named after their tables. Secrets (password and token hashes, push tokens) are
 * left out. The same answer serves the customer's download and staff's audited read.
 */
export async function exportPersonalData(db: Db, customerId: string, now = new Date()): Promise<PersonalDataExport | null> {
  const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.id, customerId));
  if (!customer) return null;
  const by = <T extends { customerId: unknown }>(table: T) => eq(table.customerId as never, customerId);
  const [roles, profiles, lenderProfiles, accounts, devices, notices, flowProgresses, uploads, audit, blocks, requests, support] = await Promise.all([
    db.select().from(schema.customerRoles).where(by(schema.customerRoles)),
    db.select().from(schema.customerProfiles).where(by(schema.customerProfiles)),
    db.select().from(schema.lenderProfiles).where(by(schema.lenderProfiles)),
    db.select().from(schema.accounts).where(by(schema.accounts)),
    db.select().from(schema.devices).where(by(schema.devices)),
    db.select().from(schema.customerNotices).where(by(schema.customerNotices)),
    db.select().from(schema.flowProgresses).where(by(schema.flowProgresses)),
    db.select().from(schema.fieldUploads).where(by(schema.fieldUploads)),
    db.select().from(schema.auditEvents).where(by(schema.auditEvents)),
    db.select().from(schema.customerBlocks).where(by(schema.customerBlocks)),
    db.select().from(schema.personalDataRequests).where(by(schema.personalDataRequests)),
    db.select().from(schema.supportRequests).where(eq(schema.supportRequests.contact, customer.email)),
  ]);
  const accountIds = accounts.map((a) => a.id);
  const [applications, invoices, payments, investments] =
    accountIds.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          db.select().from(schema.accountApplications).where(inArray(schema.accountApplications.accountId, accountIds)),
          db.select().from(schema.invoices).where(inArray(schema.invoices.accountId, accountIds)),
          db.select().from(schema.payments).where(inArray(schema.payments.accountId, accountIds)),
          db.select().from(schema.investments).where(or(by(schema.investments), inArray(schema.investments.investmentAccountId, accountIds))),
        ]);
  const answers =
    support.length === 0
      ? []
      : await db.select().from(schema.supportAnswers).where(inArray(schema.supportAnswers.supportRequestId, support.map((s) => s.id)));
  return {
    generated_at: now.toISOString(),
    sections: {
      customer: clean(customer),
      roles: roles.map(clean),
      profile: profiles.map(clean)[0] ?? null,
      lender_profile: lenderProfiles.map(clean)[0] ?? null,
      accounts: accounts.map(clean),
      account_applications: applications.map(clean),
      invoices: invoices.map(clean),
      payments: payments.map(clean),
      investments: investments.map(clean),
      devices: devices.map(clean),
      customer_notices: notices.map(clean),
      flow_progresses: flowProgresses.map(clean),
      field_uploads: uploads.map(clean),
      support_requests: support.map((s) => ({ ...clean(s), answers: answers.filter((a) => a.supportRequestId === s.id).map(clean) })),
      sign_in_history: audit.map(clean),
      blocks: blocks.map(clean),
      personal_data_requests: requests.map(clean),
    },
  };
}
