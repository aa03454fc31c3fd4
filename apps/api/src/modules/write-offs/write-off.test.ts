import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { IllegalTransition, SYSTEM } from "../account-applications/status-transitions.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import { writeOffLoan } from "./write-off.ts";

describe("writing off a loan", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("moves the unpaid principal to write-offs, the lenders bearing it in their shares, and closes the loan's investments", async () => {
    const db = database.db;
    const effectiveOn = "2026-01-31";
    const ani = await lenderWithFunds(db, "ani.wo@contoh.co.id", 3_000_000, effectiveOn);
    const eko = await lenderWithFunds(db, "eko.wo@contoh.co.id", 1_000_000, effectiveOn);
    const [borrower] = await db.insert(schema.customers).values({ name: "Rudi", email: "rudi.wo@contoh.co.id" }).returning({ id: schema.customers.id });
    const loan = await disbursedLoan(db, {
      borrowerCustomerId: borrower!.id,
      lenders: [
        { customerId: ani.customerId, investmentAccountId: ani.accountId, amount: 3_000_000 },
        { customerId: eko.customerId, investmentAccountId: eko.accountId, amount: 1_000_000 },
      ],
      terms: { term: 4, dailyRatePpm: 1000 },
      effectiveOn,
    });
    const first = loan.invoices[0]!;
    const va = loan.virtualAccounts[0]!;
    await receivePayment(db, { channel: va.channel, virtualAccountNumber: va.number, amount: first.total, gatewayTransactionId: "wo-1", businessDate: first.dueOn, source: "gateway" }, { platformFeePpm: 100_000 });

    const written = await db.transaction((tx) => writeOffLoan(tx as unknown as Db, loan.accountId, "2026-07-01", SYSTEM, "over 90 days late"));
    expect(written.principal).toBe(4_000_000 - first.principal);
    const lost = written.principal;
    // Interest of the three instalments due since, never paid, is forgone with the loan; no late fee was accrued here.
    expect(written).toMatchObject({ interest: loan.invoices.slice(1).reduce((sum, i) => sum + i.interest, 0), lateFees: 0 });
    expect(written.shares.map((s) => ({ holder: s.holder, amount: s.amount })).sort((a, b) => b.amount - a.amount)).toEqual([
      { holder: "lender", amount: (lost * 3) / 4 },
      { holder: "lender", amount: lost / 4 },
    ]);

    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(account!.status).toBe("written_off");
    const ledger = await db.select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.accountId, loan.accountId));
    const posted = (kind: "loan_receivable" | "lender_investment" | "write_offs") => ledger.filter((a) => a.kind === kind).map((a) => balanceOf(kind, a).posted);
    expect(posted("loan_receivable")).toEqual([0]);
    expect(posted("lender_investment")).toEqual([0, 0]);
    const writeOffs = ledger.find((a) => a.kind === "write_offs")!;
    expect(writeOffs).toMatchObject({ debitsPosted: lost, creditsPosted: lost });
    const transfers = await db.select().from(schema.ledgerTransfers).where(and(eq(schema.ledgerTransfers.code, "write_off"), eq(schema.ledgerTransfers.businessDate, "2026-07-01")));
    // The lenders' losses are their shares of the principal left: 3/4 and 1/4 of it.
    expect(transfers.filter((t) => t.creditAccountId === writeOffs.id).map((t) => t.amount).sort((a, b) => b - a)).toEqual([(lost * 3) / 4, lost / 4]);
    const investments = await db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
    expect(investments.map((i) => i.status)).toEqual(["closed", "closed"]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);

    // Only an active loan is written off; a payment after it is parked, never lost.
    await expect(db.transaction((tx) => writeOffLoan(tx as unknown as Db, loan.accountId, "2026-07-02", SYSTEM, "again"))).rejects.toBeInstanceOf(IllegalTransition);
    const { payment } = await receivePayment(db, { channel: va.channel, virtualAccountNumber: va.number, amount: 50_000, gatewayTransactionId: "wo-2", businessDate: "2026-07-03", source: "gateway" }, { platformFeePpm: 100_000 });
    expect(payment).toMatchObject({ status: "parked", parkedReason: "account_not_active" });
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
