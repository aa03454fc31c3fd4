import type { CustomerDetail, CustomerSummary } from "@pinjaman/contracts/customer-care";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { customerNotFound } from "./customer-errors.ts";
import { activeBlock, blockHistory, blockView } from "./customer-blocks.ts";

export { customerNotFound };

/** At most this many search results: staff narrow the query rather than page. */
export const SEARCH_LIMIT = 25;

/** `%`, `_` and `\` typed by staff are matched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Customers whose name, e-mail, phone or NIK contains the query (case-insensitive), newest first. */
export async function searchCustomers(db: Db, query: string): Promise<CustomerSummary[]> {
  const pattern = likePattern(query.trim());
  const digits = query.replace(/\D/g, "");
  const rows = await db
    .select({
      id: schema.customers.id,
      name: schema.customers.name,
      email: schema.customers.email,
      phone: schema.customers.phone,
      personalCode: schema.customerProfiles.personalCode,
      createdAt: schema.customers.createdAt,
      blocked: sql<boolean>`exists (select 1 from ${schema.customerBlocks} where ${schema.customerBlocks.customerId} = ${schema.customers.id} and ${schema.customerBlocks.unblockedAt} is null)`,
    })
    .from(schema.customers)
    .leftJoin(schema.customerProfiles, eq(schema.customerProfiles.customerId, schema.customers.id))
    .where(
      or(
        ilike(schema.customers.name, pattern),
        ilike(schema.customers.email, pattern),
        ilike(schema.customerProfiles.fullName, pattern),
        ...(digits.length >= 3 ? [ilike(schema.customers.phone, likePattern(digits)), ilike(schema.customerProfiles.personalCode, likePattern(digits))] : []),
      ),
    )
    .orderBy(desc(schema.customers.createdAt), asc(schema.customers.id))
    .limit(SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    personal_code: r.personalCode ?? null,
    blocked: Boolean(r.blocked),
    created_at: r.createdAt.toISOString(),
  }));
}

/** Whether the customer's personal data was deleted at their request (the row is anonymised). */
export async function isDeleted(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.personalDataRequests.id })
    .from(schema.personalDataRequests)
    .where(
      and(
        eq(schema.personalDataRequests.customerId, customerId),
        eq(schema.personalDataRequests.kind, "deletion"),
        eq(schema.personalDataRequests.status, "completed"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One customer as staff see them: profile, roles, block, loan and investment accounts. */
export async function loadCustomerDetail(db: Db, customerId: string): Promise<CustomerDetail> {
  const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.id, customerId));
  if (!customer) throw customerNotFound();
  const [roles, [profile], block, history, accounts, [devices], deleted] = await Promise.all([
    db.select({ typeKey: schema.customerRoles.typeKey }).from(schema.customerRoles).where(eq(schema.customerRoles.customerId, customerId)),
    db
      .select({ personalCode: schema.customerProfiles.personalCode, fullName: schema.customerProfiles.fullName, birthDate: schema.customerProfiles.birthDate })
      .from(schema.customerProfiles)
      .where(eq(schema.customerProfiles.customerId, customerId)),
    activeBlock(db, customerId),
    blockHistory(db, customerId),
    db.select().from(schema.accounts).where(eq(schema.accounts.customerId, customerId)).orderBy(desc(schema.accounts.createdAt)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.devices)
      .where(and(eq(schema.devices.customerId, customerId), isNull(schema.devices.deactivatedAt))),
    isDeleted(db, customerId),
  ]);
  const loanIds = accounts.filter((a) => a.typeKey === "loan").map((a) => a.id);
  const investmentIds = accounts.filter((a) => a.typeKey === "investment").map((a) => a.id);
  const [applications, investmentCounts] = await Promise.all([
    loanIds.length === 0
      ? []
      : db.select().from(schema.accountApplications).where(inArray(schema.accountApplications.accountId, loanIds)).orderBy(desc(schema.accountApplications.createdAt)),
    investmentIds.length === 0
      ? []
      : db
          .select({ accountId: schema.investments.investmentAccountId, n: sql<number>`count(*)::int` })
          .from(schema.investments)
          .where(inArray(schema.investments.investmentAccountId, investmentIds))
          .groupBy(schema.investments.investmentAccountId),
  ]);
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    created_at: customer.createdAt.toISOString(),
    roles: roles.map((r) => r.typeKey).sort(),
    profile: profile ? { personal_code: profile.personalCode, full_name: profile.fullName, birth_date: profile.birthDate } : null,
    block: block ? blockView(block) : null,
    block_history: history.map(blockView),
    loan_accounts: accounts
      .filter((a) => a.typeKey === "loan")
      .map((a) => ({
        id: a.id,
        status: a.status,
        product_key: a.productKey,
        principal_balance: a.principalBalance,
        created_at: a.createdAt.toISOString(),
        applications: applications
          .filter((p) => p.accountId === a.id)
          .map((p) => ({ id: p.id, type_key: p.typeKey, status: p.status, amount: p.amount, term: p.term, created_at: p.createdAt.toISOString() })),
      })),
    investment_accounts: accounts
      .filter((a) => a.typeKey === "investment")
      .map((a) => ({
        id: a.id,
        status: a.status,
        created_at: a.createdAt.toISOString(),
        investments: investmentCounts.find((c) => c.accountId === a.id)?.n ?? 0,
      })),
    active_devices: Number(devices?.n ?? 0),
    deleted,
  };
}
