import { openDb, schema } from "@pinjaman/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testDatabase } from "../../../test/harness.ts";
import { verifyPassword } from "./passwords.ts";
import { SANDBOX_ACCOUNTS, SANDBOX_LENDER_EMAIL, seedSandboxAccounts } from "./sandbox-accounts.ts";

describe("sandbox accounts", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    // The harness seeds them into every test database.
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("documents a borrower, a lender with primary and modifier roles, an operator and an admin", () => {
    expect(SANDBOX_ACCOUNTS.map((a) => [a.email, a.password, [...a.roles]])).toEqual([
      ["budi@pinjaman.test", "Pinjaman-Budi-2026", ["primary"]],
      ["sari@pinjaman.test", "Pinjaman-Sari-2026", ["primary", "modifier"]],
      ["operator@pinjaman.test", "Pinjaman-Operator-2026", ["operator"]],
      ["admin@pinjaman.test", "Pinjaman-Admin-2026", ["admin"]],
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

  it("gives the sandbox lender an active investment account", async () => {
    const rows = await database.db
      .select({ email: schema.customers.email, typeKey: schema.accounts.typeKey, status: schema.accounts.status })
      .from(schema.accounts)
      .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId));
    expect(rows).toEqual([{ email: SANDBOX_LENDER_EMAIL, typeKey: "investment", status: "active" }]);
  });

  it("seeds only once: a database with customers is left alone", async () => {
    const before = await rowCounts(database);
    expect(before.customers).toBe(4);
    expect(before.customer_roles).toBe(5);
    expect(before.customer_notices).toBe(4);
    expect(before.accounts).toBe(1);
    expect(await seedSandboxAccounts(database.db)).toBe(false);
    expect(await rowCounts(database)).toEqual(before);
  });

  it("refuses to delete a customer who has an account: financial records never cascade away", async () => {
    const before = await rowCounts(database);
    await expect(database.db.delete(schema.customers).where(eq(schema.customers.email, SANDBOX_LENDER_EMAIL))).rejects.toThrow();
    expect(await rowCounts(database)).toEqual(before);
  });

  describe("on a database without customers", () => {
    // Seeded customers own accounts, which are never deleted: these cases start from empty ones.
    const empty = async () => {
      const fresh = await openDb({ dataDir: "memory://" });
      await fresh.migrate();
      return fresh;
    };

    it("does not seed when any customer exists, even without the sandbox ones", async () => {
      const fresh = await empty();
      try {
        await fresh.db.insert(schema.customers).values({ name: "Andi Wijaya", email: "andi@contoh.co.id" });
        expect(await seedSandboxAccounts(fresh.db)).toBe(false);
        expect((await rowCounts(fresh)).customers).toBe(1);
        await fresh.db.delete(schema.customers);
        expect(await seedSandboxAccounts(fresh.db)).toBe(true);
        expect((await rowCounts(fresh)).customers).toBe(SANDBOX_ACCOUNTS.length);
      } finally {
        await fresh.close();
      }
    });

    it("seeds once when two processes start together on one database", async () => {
      const fresh = await empty();
      try {
        const results = await Promise.all([seedSandboxAccounts(fresh.db), seedSandboxAccounts(fresh.db)]);
        expect(results.filter(Boolean)).toHaveLength(1);
        const counts = await rowCounts(fresh);
        expect([counts.customers, counts.customer_roles, counts.customer_notices, counts.accounts]).toEqual([4, 5, 4, 1]);
      } finally {
        await fresh.close();
      }
    });
  });
});
