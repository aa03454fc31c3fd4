import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, eq, TransactionRollbackError } from "drizzle-orm";
import { businessNow } from "../business-clock/business-clock.ts";
import { addNotices } from "../customer-notices/add-notices.ts";
import { hashPassword } from "./passwords.ts";
import "@pinjaman/i18n/ns/account";

export type SandboxAccount = {
  name: string;
  email: string;
  /** Documented in the README: sandbox only, never on a real database. */
  password: string;
  /** E.164, Indonesian (+62). */
  phone: string;
  roles: readonly ("primary" | "modifier" | "operator" | "admin")[];
};

/** The documented sandbox logins (README "Sandbox accounts"): a borrower, a lender, an operator and an admin (staff, decision 0026). */
export const SANDBOX_ACCOUNTS = [
  { name: "Budi Santoso", email: "budi@pinjaman.test", password: "Pinjaman-Budi-2026", phone: "+6281234567801", roles: ["primary"] },
  { name: "Sari Wulandari", email: "sari@pinjaman.test", password: "Pinjaman-Sari-2026", phone: "+6281234567802", roles: ["primary", "modifier"] },
  { name: "Dewi Operator", email: "operator@pinjaman.test", password: "Pinjaman-Operator-2026", phone: "+6281234567803", roles: ["operator"] },
  { name: "Agus Admin", email: "admin@pinjaman.test", password: "Pinjaman-Admin-2026", phone: "+6281234567804", roles: ["admin"] },
] as const satisfies readonly SandboxAccount[];

/** The sandbox lender: has an investment account from the start. */
export const SANDBOX_LENDER_EMAIL = "sari@pinjaman.test";
/** The sandbox borrower: has an active loan from the start (sandbox-book.ts). */
export const SANDBOX_BORROWER_EMAIL = "budi@pinjaman.test";

/** The seed's sandbox borrower (Budi) and lender (Sari), by customer id. */
export async function sandboxCustomerIds(db: Db): Promise<{ budi: string; sari: string }> {
  const customers = await db.select({ id: schema.customers.id, email: schema.customers.email }).from(schema.customers);
  const idOf = (email: string) => {
    const customer = customers.find((c) => c.email === email);
    if (!customer) throw new Error(`sandbox account ${email} is missing`);
    return customer.id;
  };
  return { budi: idOf(SANDBOX_BORROWER_EMAIL), sari: idOf(SANDBOX_LENDER_EMAIL) };
}

/** The id of a customer's investment account (the seed gives Sari one). */
export async function investmentAccountOf(db: Db, customerId: string): Promise<string> {
  const [account] = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "investment")));
  if (!account) throw new Error(`customer ${customerId} has no investment account`);
  return account.id;
}

/**
 * Creates the sandbox accounts (argon2id hashes, their roles and a welcome notice each, and the lender's investment account) in a
 * database that has no customer yet; a database with any customer is left alone. True if seeded.
 */
/** Sari as a registered lender: a professional lender (income above Rp500 million, POJK 40/2024), resident for tax. */
export const SANDBOX_LENDER_PROFILE = {
  annualIncome: 900_000_000,
  sourceOfFunds: "business",
  npwp: "0123456789012345",
  taxResidency: "resident",
  riskAcceptedAt: new Date("2026-01-05T03:00:00Z"),
  agreementSignedAt: new Date("2026-01-05T03:05:00Z"),
} as const;

export async function seedSandboxAccounts(db: Db): Promise<boolean> {
  const existing = await db.select({ id: schema.customers.id }).from(schema.customers).limit(1);
  if (existing.length > 0) return false;
  const hashes = await Promise.all(SANDBOX_ACCOUNTS.map((a) => hashPassword(a.password)));
  return db.transaction(async (tx) => {
    // Another process may have seeded between the check and here: the unique e-mail decides.
    const inserted = await tx
      .insert(schema.customers)
      .values(SANDBOX_ACCOUNTS.map((a, i) => ({ name: a.name, email: a.email, phone: a.phone, passwordHash: hashes[i] })))
      .onConflictDoNothing()
      .returning({ id: schema.customers.id, email: schema.customers.email, name: schema.customers.name });
    if (inserted.length !== SANDBOX_ACCOUNTS.length) tx.rollback();
    const byEmail = new Map(inserted.map((c) => [c.email, c]));
    const customerOf = (email: string) => {
      const customer = byEmail.get(email);
      if (!customer) throw new Error(`sandbox account ${email} not stored`);
      return customer;
    };
    await tx
      .insert(schema.customerRoles)
      .values(SANDBOX_ACCOUNTS.flatMap((a) => a.roles.map((typeKey) => ({ customerId: customerOf(a.email).id, typeKey }))));
    // The sandbox lender's investment account, so deposits (and later investments) work at once.
    const [investmentAccount] = await tx
      .insert(schema.accounts)
      .values({ customerId: customerOf(SANDBOX_LENDER_EMAIL).id, typeKey: "investment", status: "active" })
      .returning({ id: schema.accounts.id });
    await tx.insert(schema.lenderProfiles).values({ customerId: customerOf(SANDBOX_LENDER_EMAIL).id, investmentAccountId: investmentAccount!.id, ...SANDBOX_LENDER_PROFILE });
    const { at } = await businessNow(tx as unknown as Db, { sandbox: true });
    await addNotices(
      tx as unknown as Db,
      at,
      SANDBOX_ACCOUNTS.map((a) => ({
        customerId: customerOf(a.email).id,
        title: t("account.welcome_notice.title"),
        body: t("account.welcome_notice.body", { name: a.name }),
      })),
    );
    return true;
  }).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  });
}
