import { schema } from "@pinjaman/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testDatabase } from "../../../test/harness.ts";
import { verifyPassword } from "./passwords.ts";
import { SANDBOX_ACCOUNTS, seedSandboxAccounts } from "./sandbox-accounts.ts";

describe("sandbox accounts", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    // The harness seeds them into every test database.
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("documents a borrower, a lender with primary and modifier roles, and an operator", () => {
    expect(SANDBOX_ACCOUNTS.map((a) => [a.email, a.password, [...a.roles]])).toEqual([
      ["budi@pinjaman.test", "Pinjaman-Budi-2026", ["primary"]],
      ["sari@pinjaman.test", "Pinjaman-Sari-2026", ["primary", "modifier"]],
      ["operator@pinjaman.test", "Pinjaman-Operator-2026", ["operator"]],
    ]);
    for (const account of SANDBOX_ACCOUNTS) expect(account.phone).toMatch(/^\+62[1-9]\d{7,11}$/);
  });

  it("stores each account with its roles, an argon2id hash of its password and a welcome notice", async () => {
    const db = database.db;
    for (const account of SANDBOX_ACCOUNTS) {
      const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.email, account.email));
      expect(customer).toMatchObject({ name: account.name, phone: account.phone });
      expect(customer!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(customer!.passwordHash, account.password)).toBe(true);
      expect(await verifyPassword(customer!.passwordHash, `${account.password}x`)).toBe(false);
      const roles = await db
        .select({ typeKey: schema.customerRoles.typeKey })
        .from(schema.customerRoles)
        .where(eq(schema.customerRoles.customerId, customer!.id))
        .orderBy(asc(schema.customerRoles.typeKey));
      expect(roles.map((r) => r.typeKey)).toEqual([...account.roles].sort());
      const notices = await db.select().from(schema.customerNotices).where(eq(schema.customerNotices.customerId, customer!.id));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ title: "Selamat datang di Pinjaman", readAt: null });
      expect(notices[0]!.body).toContain(account.name);
    }
  });

  it("seeds only once: a database with customers is left alone", async () => {
    const before = await rowCounts(database);
    expect(before.customers).toBe(3);
    expect(before.customer_roles).toBe(4);
    expect(before.customer_notices).toBe(3);
    expect(await seedSandboxAccounts(database.db)).toBe(false);
    expect(await rowCounts(database)).toEqual(before);
  });

  it("does not seed when any customer exists, even without the sandbox ones", async () => {
    const db = database.db;
    await db.delete(schema.customers);
    await db.insert(schema.customers).values({ name: "Andi Wijaya", email: "andi@contoh.co.id" });
    expect(await seedSandboxAccounts(db)).toBe(false);
    expect((await rowCounts(database)).customers).toBe(1);
    await db.delete(schema.customers);
    expect(await seedSandboxAccounts(db)).toBe(true);
    expect((await rowCounts(database)).customers).toBe(3);
  });

  it("seeds once when two processes start together on one database", async () => {
    await database.db.delete(schema.customers);
    const results = await Promise.all([seedSandboxAccounts(database.db), seedSandboxAccounts(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const counts = await rowCounts(database);
    expect([counts.customers, counts.customer_roles, counts.customer_notices]).toEqual([3, 4, 3]);
  });
});
