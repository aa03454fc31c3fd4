import { schema, type Db } from "@pinjaman/db";
import { invoiceOutstanding } from "@pinjaman/domain/invoices";
import { and, asc, eq, like } from "drizzle-orm";
import { receivePayment, type RepaymentSettings } from "../repayments/payment-service.ts";
import { BOOK_BORROWER_EMAILS } from "./loan-book.ts";

/**
 * The sandbox book's borrowers (README "Sandbox book") have no password and nobody to pay for
 * them: in the sandbox they pay every instalment on its due date, into their loan's first virtual
 * account, through the production payment path, so a sandbox lender sees repayments, the tax
 * withheld and a return as the business clock moves. Instalments already late at seeding stay
 * late (the book's own story). Each invoice is paid once: the gateway id names it, and
 * receivePayment answers a replay without posting. Answers how many invoices were paid.
 */
export async function bookBorrowersPayDue(db: Db, businessDate: string, settings: RepaymentSettings): Promise<number> {
  const due = await db
    .select({ invoice: schema.invoices, account: schema.accounts })
    .from(schema.invoices)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.invoices.accountId))
    .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
    .where(and(eq(schema.invoices.status, "open"), eq(schema.invoices.dueOn, businessDate), eq(schema.accounts.status, "active"), like(schema.customers.email, BOOK_BORROWER_EMAILS)))
    .orderBy(asc(schema.invoices.accountId), asc(schema.invoices.number));
  let paid = 0;
  for (const { invoice, account } of due) {
    const [va] = await db.select().from(schema.virtualAccounts).where(eq(schema.virtualAccounts.accountId, account.id)).orderBy(asc(schema.virtualAccounts.createdAt), asc(schema.virtualAccounts.channel)).limit(1);
    const amount = invoiceOutstanding(invoice);
    if (!va || amount <= 0) continue;
    await receivePayment(
      db,
      { channel: va.channel, virtualAccountNumber: va.number, amount, gatewayTransactionId: `sandbox-book-due:${invoice.id}`, businessDate, source: "sandbox" },
      settings,
    );
    paid += 1;
  }
  return paid;
}
