import { schema } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { investmentAccountOf, sandboxCustomerIds } from "../accounts/sandbox-accounts.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { investmentAccountBalance } from "../ledger/lender-funds.ts";
import { DEFAULT_PLATFORM_FEE_PPM } from "../../config.ts";
import { SANDBOX_BOOK, seedSandboxBook } from "./sandbox-book.ts";

describe("the sandbox book", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("gives Budi an active loan funded by Sari whose first instalment falls due three days after seeding, with the books balanced", async () => {
    const today = "2026-11-24";
    await seedSandboxBook(database.db, today, { platformFeePpm: DEFAULT_PLATFORM_FEE_PPM });
    const { budi, sari } = await sandboxCustomerIds(database.db);

    const [loan] = await database.db.select().from(schema.accounts).where(and(eq(schema.accounts.customerId, budi), eq(schema.accounts.typeKey, "loan")));
    expect(loan).toMatchObject({ status: "active", principalBalance: 3_000_000, activatedOn: "2026-10-27" });
    const [application] = await database.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.accountId, loan!.id));
    expect(application).toMatchObject({ status: "activated", amount: 3_000_000, term: 6, effectiveOn: "2026-10-27", maturityOn: "2027-04-27" });
    const invoices = await database.db.select().from(schema.invoices).where(eq(schema.invoices.accountId, loan!.id)).orderBy(asc(schema.invoices.number));
    expect(invoices).toHaveLength(6);
    expect(invoices[0]).toMatchObject({ dueOn: addDays(today, SANDBOX_BOOK.firstDueInDays), status: "open" });
    expect(invoices.reduce((sum, i) => sum + i.total, 0)).toBe(application!.totalRepayment);
    expect(await database.db.select().from(schema.virtualAccounts).where(eq(schema.virtualAccounts.accountId, loan!.id))).toHaveLength(6);

    const balance = await investmentAccountBalance(database.db, sari, await investmentAccountOf(database.db, sari));
    expect(balance).toMatchObject({ available: 47_000_000, reserved: 0 });
    expect(await ledgerInvariantViolations(database.db)).toEqual([]);
  });
});
