import { schema, type Db } from "@pinjaman/db";
import { addDays, addMonths } from "@pinjaman/domain/dates";
import { investmentAccountOf, sandboxCustomerIds } from "../accounts/sandbox-accounts.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { sandboxDeposit } from "../ledger/lender-funds.ts";
import type { RepaymentSettings } from "../repayments/payment-service.ts";
import { seedLoanBook } from "./loan-book.ts";

/** What the sandbox book holds (README "Sandbox accounts"). */
export const SANDBOX_BOOK = {
  /** Sari's deposit into her investment account before she funds Budi's loan. */
  lenderDeposit: 50_000_000,
  /** Budi's active loan, funded in full by Sari. */
  budiLoan: { amount: 3_000_000, term: 6, dailyRatePpm: 1000 },
  /** Budi's first instalment falls due this many days after the day the sandbox is seeded. */
  firstDueInDays: 3,
  /** Sari's identity and the bank account her lender registration's `bank` step would hold: withdrawals pay it. */
  lenderProfile: {
    personalCode: "3171014501900002",
    fullName: "Sari Wulandari",
    birthDate: "1990-01-05",
    kyc: { bank_code: "bca", bank_account_number: "8012345678", bank_account_holder: "Sari Wulandari" },
  },
} as const;

/**
 * The sandbox book on a database whose sandbox accounts were just seeded (issue 8 §8): Sari
 * deposits through the sandbox virtual account and funds Budi's loan, which is paid out through
 * the production path (cooling-off, the sandbox bank, schedule, virtual accounts) a month before
 * his first due date, so a tester logging in as Budi sees an active loan with an invoice due soon.
 * Sari's profile holds the bank account her withdrawals go to. Around them, the book of the 18 months before (loan-book.ts): lenders, borrowers and loans in
 * every status. `today` is the business date at seeding.
 */
export async function seedSandboxBook(db: Db, today: string, settings: RepaymentSettings, options: { scale?: number; seed?: number } = {}): Promise<void> {
  const { budi, sari } = await sandboxCustomerIds(db);
  const investmentAccountId = await investmentAccountOf(db, sari);
  await db.insert(schema.customerProfiles).values({ customerId: sari, ...SANDBOX_BOOK.lenderProfile, consent: {} });
  const effectiveOn = addMonths(addDays(today, SANDBOX_BOOK.firstDueInDays), -1);
  await sandboxDeposit(db, sari, investmentAccountId, { amount: SANDBOX_BOOK.lenderDeposit, idempotencyKey: "sandbox-book", businessDate: addDays(effectiveOn, -7) });
  await disbursedLoan(db, {
    borrowerCustomerId: budi,
    lenders: [{ customerId: sari, investmentAccountId, amount: SANDBOX_BOOK.budiLoan.amount }],
    terms: SANDBOX_BOOK.budiLoan,
    effectiveOn,
  });
  await seedLoanBook(db, today, settings, options);
}
