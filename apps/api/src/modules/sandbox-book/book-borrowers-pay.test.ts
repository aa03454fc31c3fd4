import { schema } from "@pinjaman/db";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { DEFAULT_PLATFORM_FEE_PPM } from "../../config.ts";
import { sandboxBookRepaymentsJob } from "../../jobs/definitions/sandbox-book-repayments.ts";
import { NO_INTEGRATIONS } from "../../jobs/job-definition.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { withBankAccount } from "../disbursal/sandbox-loans.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { bookBorrowersPayDue } from "./book-borrowers-pay.ts";
import { borrowerEmail } from "./loan-book.ts";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const settings = { platformFeePpm: DEFAULT_PLATFORM_FEE_PPM };

async function borrower(email: string) {
  const [customer] = await t.app.db.insert(schema.customers).values({ name: email, email }).returning();
  await withBankAccount(t.app.db, customer!.id);
  return customer!.id;
}

const invoicesOf = (accountId: string) => t.app.db.select().from(schema.invoices).where(eq(schema.invoices.accountId, accountId)).orderBy(asc(schema.invoices.number));

describe(`the sandbox book's borrowers pay on the due date (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("pays a book borrower's instalment in full on its due date, once, and nobody else's", async () => {
    const book = await activeLoanFor(t.app.db, await borrower(borrowerEmail(990)), { effectiveOn: "2026-03-31" });
    const other = await activeLoanFor(t.app.db, await borrower("wati.lain@contoh.co.id"), { effectiveOn: "2026-03-31" });
    const [first] = await invoicesOf(book.accountId);

    expect(await bookBorrowersPayDue(t.app.db, first!.dueOn, settings)).toBe(1);
    const [paid, next] = await invoicesOf(book.accountId);
    expect(paid).toMatchObject({ status: "paid", paidOn: first!.dueOn, paidPrincipal: first!.principal, paidInterest: first!.interest });
    expect(next!.status).toBe("open");
    expect((await invoicesOf(other.accountId))[0]!.status).toBe("open");
    const payments = await t.app.db.select().from(schema.payments).where(and(eq(schema.payments.accountId, book.accountId), eq(schema.payments.status, "allocated")));
    expect(payments.map((p) => [p.amount, p.gatewayTransactionId])).toEqual([[first!.total, `sandbox-book-due:${first!.id}`]]);
    // The lender's share of it is recorded beside the ledger's movements.
    expect(await t.app.db.select().from(schema.investmentRepayments).where(eq(schema.investmentRepayments.paymentId, payments[0]!.id))).toHaveLength(1);

    // Run again on the same day: nothing is due any more, nothing moves.
    expect(await bookBorrowersPayDue(t.app.db, first!.dueOn, settings)).toBe(0);
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("leaves an instalment that is already late unpaid (the book's own late loans stay late)", async () => {
    const book = await activeLoanFor(t.app.db, await borrower(borrowerEmail(991)), { effectiveOn: "2026-05-31" });
    const [first] = await invoicesOf(book.accountId);
    const dayAfter = new Date(Date.parse(`${first!.dueOn}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await bookBorrowersPayDue(t.app.db, dayAfter, settings)).toBe(0);
    expect((await invoicesOf(book.accountId))[0]!.status).toBe("open");
  });

  it("does nothing outside the sandbox", async () => {
    const book = await activeLoanFor(t.app.db, await borrower(borrowerEmail(992)), { effectiveOn: "2026-07-31" });
    const [first] = await invoicesOf(book.accountId);
    await t.app.db.transaction(async (tx) => {
      await sandboxBookRepaymentsJob.handler({
        tx: tx as never,
        businessDate: first!.dueOn,
        at: new Date(`${first!.dueOn}T09:00:00+07:00`),
        occurrence: first!.dueOn,
        log: t.app.log,
        integrations: NO_INTEGRATIONS,
        afterCommit: () => {},
      });
    });
    expect((await invoicesOf(book.accountId))[0]!.status).toBe("open");
  });
});
