import { schema, type Db } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { flatInterest } from "@pinjaman/domain/schedule";
import { sql } from "drizzle-orm";
import { closeNeverActivatedAccount, cancelApplication } from "../account-applications/cancellation.ts";
import { SYSTEM, transitionApplication, type Actor } from "../account-applications/status-transitions.ts";
import { takeTkbSnapshot } from "../company/tkb-snapshot.ts";
import { approvedLoanApplication, businessInstant, disbursedLoan, fundApplication } from "../disbursal/sandbox-loans.ts";
import { expireUnfundedApplications } from "../funding/funding-deadline.ts";
import { accrueLateFeesThrough } from "../late-fees/late-fee-accrual.ts";
import { sandboxDeposit } from "../ledger/lender-funds.ts";
import { loanPosition, payoffOf } from "../repayments/loan-position.ts";
import { receivePayment, type RepaymentSettings } from "../repayments/payment-service.ts";
import { writeOffLoan } from "../write-offs/write-off.ts";
import { submitLoanApplication } from "../account-applications/submission.ts";
import { declaredFinancesOf, isDisbursed, planBook, submittedOn, WRITE_OFF_AFTER_DAYS, type BookPlan, type PlannedLoan } from "./book-plan.ts";

const FIRST_NAMES = ["Agus", "Ayu", "Bambang", "Dian", "Eko", "Fitri", "Gita", "Hendra", "Indah", "Joko", "Kartika", "Lestari", "Made", "Nur", "Putri", "Rina", "Slamet", "Tri", "Wahyu", "Yanti"];
const LAST_NAMES = ["Pratama", "Saputra", "Hidayat", "Kusuma", "Siregar", "Nasution", "Wijaya", "Setiawan", "Rahmawati", "Hakim", "Purnomo", "Lubis"];

const nameOf = (i: number) => `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`;

/** The e-mails of the book's customers (README "Sandbox book"); they have no password, so they cannot log in. */
export const lenderEmail = (i: number) => `pemodal${i + 1}@pinjaman.test`;
export const borrowerEmail = (i: number) => `peminjam${i + 1}@pinjaman.test`;
/** Every book borrower's e-mail, as a LIKE pattern. */
export const BOOK_BORROWER_EMAILS = "peminjam%@pinjaman.test";

async function createCustomers(db: Db, people: { name: string; email: string; phone: string }[]): Promise<string[]> {
  const rows = await db.insert(schema.customers).values(people).returning({ id: schema.customers.id, email: schema.customers.email });
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const ids = people.map((p) => byEmail.get(p.email)!);
  await db.insert(schema.customerRoles).values(ids.map((customerId) => ({ customerId, typeKey: "primary" as const })));
  return ids;
}

/** Lenders with an investment account each and their deposit, made before the book's first loan. */
async function seedLenders(db: Db, deposits: number[], depositOn: string) {
  const ids = await createCustomers(db, deposits.map((_, i) => ({ name: nameOf(i * 7 + 3), email: lenderEmail(i), phone: `+62815${String(10_000_000 + i)}` })));
  const accounts = await db
    .insert(schema.accounts)
    .values(ids.map((customerId) => ({ customerId, typeKey: "investment" as const, status: "active" as const })))
    .returning({ id: schema.accounts.id, customerId: schema.accounts.customerId });
  const lenders = ids.map((customerId) => ({ customerId, investmentAccountId: accounts.find((a) => a.customerId === customerId)!.id }));
  // Registered lenders whose declared income keeps everything they fund within the OJK limit.
  await db.insert(schema.lenderProfiles).values(
    lenders.map((lender, i) => ({ ...lender, annualIncome: deposits[i]! * 10, sourceOfFunds: "savings" as const, riskAcceptedAt: new Date(`${depositOn}T02:00:00Z`) })),
  );
  for (const [i, lender] of lenders.entries()) {
    await sandboxDeposit(db, lender.customerId, lender.investmentAccountId, { amount: deposits[i]!, idempotencyKey: "sandbox-book", businessDate: depositOn });
  }
  return lenders;
}

/** Where the book's borrowers live, by borrower number: Kemendagri city codes (their province is the code's first part), all in WIB. */
const BOOK_CITIES = ["32.73", "31.74", "35.78", "12.71", "33.74", "18.71", "32.75", "34.71", "36.71", "16.71"] as const;

function addressOf(i: number): { region: string; city: string } {
  const city = BOOK_CITIES[i % BOOK_CITIES.length]!;
  return { region: city.slice(0, 2), city };
}

/**
 * Borrowers with the onboarding profile (a NIK from their number, declared finances, the province
 * and city lenders see and reminders keep the time zone of) and a bank account, so disbursal can pay them.
 */
async function seedBorrowers(db: Db, plan: BookPlan): Promise<string[]> {
  const count = new Set(plan.loans.map((l) => l.borrower)).size;
  const ids = await createCustomers(db, Array.from({ length: count }, (_, i) => ({ name: nameOf(i), email: borrowerEmail(i), phone: `+62816${String(10_000_000 + i)}` })));
  await db.insert(schema.customerProfiles).values(
    ids.map((customerId, i) => ({
      customerId,
      ...identityOf(i),
      fullName: nameOf(i),
      kyc: { ...declaredFinancesOf(plan, i), ...addressOf(i), bank_code: "bca", bank_account_number: String(5_000_000_000 + i), bank_account_holder: nameOf(i) },
      consent: {},
    })),
  );
  return ids;
}

/** Borrower i's birth date and the NIK that carries it (PP KK CC DDMMYY SSSS, the serial unique per borrower). */
function identityOf(i: number): { personalCode: string; birthDate: string } {
  const [day, month, year] = [`1${i % 10}`, `0${1 + (i % 9)}`, `${70 + (i % 30)}`];
  return { personalCode: `327301${day}${month}${year}${String(i + 1).padStart(4, "0")}`, birthDate: `19${year}-${month}-${day}` };
}

type Event = { on: string; order: number; run: () => Promise<void> };

const byDate = (a: PlannedLoan, b: PlannedLoan) => (a.effectiveOn < b.effectiveOn ? -1 : a.effectiveOn > b.effectiveOn ? 1 : a.borrower - b.borrower);

/** The amount still owed on one invoice (late fee included). */
async function owedOn(db: Db, invoiceId: string): Promise<number> {
  const { rows } = (await db.execute(
    sql`select (principal - paid_principal + interest - paid_interest + late_fee - paid_late_fee)::text as owed from invoices where id = ${invoiceId}`,
  )) as unknown as { rows: { owed: string }[] };
  return Number(rows[0]!.owed);
}

/**
 * The book over the 18 months before `today` (issue 8 §8), deterministic for the same date, scale
 * and seed: lenders deposit, borrowers' loans are paid out in date order through the production
 * path, then every payment and write-off runs in date order, each business day's late fees accrued
 * first (accrueLateFeesThrough, as the nightly job would, once per day with events), payments
 * through receivePayment. The applications that never became loans follow in date order, then a
 * TKB snapshot of the book.
 */
export async function seedLoanBook(db: Db, today: string, settings: RepaymentSettings, options: { scale?: number; seed?: number } = {}): Promise<void> {
  const plan = planBook(today, options.scale, options.seed);
  const disbursed = plan.loans.filter(isDisbursed);
  const firstDay = plan.loans.map(submittedOn).reduce((min, day) => (day < min ? day : min), today);
  const lenders = await seedLenders(db, plan.deposits, addDays(firstDay, -7));
  const borrowers = await seedBorrowers(db, plan);
  const sharesOf = (loan: PlannedLoan) => loan.lenders.map((s) => ({ ...lenders[s.lender]!, amount: s.amount }));

  const events: Event[] = [];
  for (const loan of [...disbursed].sort(byDate)) {
    const made = await disbursedLoan(db, {
      borrowerCustomerId: borrowers[loan.borrower]!,
      lenders: sharesOf(loan),
      terms: loan.terms,
      effectiveOn: loan.effectiveOn,
      submittedOn: submittedOn(loan),
    });
    const channel = made.virtualAccounts[0]!;
    const loanNumber = plan.loans.indexOf(loan);
    let paymentNumber = 0;
    const pay = (on: string, amountOf: () => Promise<number>): Event => ({
      on,
      order: 0,
      run: async () => {
        paymentNumber += 1;
        const gatewayTransactionId = `sandbox-book:${loanNumber}:${on}:${paymentNumber}`;
        await receivePayment(db, { channel: channel.channel, virtualAccountNumber: channel.number, amount: await amountOf(), gatewayTransactionId, businessDate: on, source: "sandbox" }, settings);
      },
    });
    const invoices = made.invoices;
    const lastPaid = loan.payoff?.afterInstalments ?? (loan.firstUnpaid !== undefined ? loan.firstUnpaid - 1 : invoices.length);
    for (const invoice of invoices.slice(0, lastPaid)) {
      const on = loan.paidLate?.instalment === invoice.number ? addDays(invoice.dueOn, loan.paidLate.days) : invoice.dueOn;
      // On its due day an instalment is what it was billed (no late fee yet); later, what is owed.
      if (on <= today) events.push(pay(on, async () => (on === invoice.dueOn ? invoice.total : owedOn(db, invoice.id))));
    }
    if (loan.payoff) {
      const on = addDays(invoices[loan.payoff.afterInstalments - 1]!.dueOn, loan.payoff.days);
      events.push(pay(on, async () => payoffOf((await loanPosition(db, made.accountId))!, on).total));
    }
    if (loan.kind === "written_off") {
      const on = addDays(invoices[loan.firstUnpaid! - 1]!.dueOn, WRITE_OFF_AFTER_DAYS);
      events.push({ on, order: 1, run: () => db.transaction((tx) => writeOffLoan(tx as unknown as Db, made.accountId, on, SYSTEM, "sandbox book: over 90 days late")).then(() => undefined) });
    }
  }
  events.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : a.order - b.order));
  // The tables were empty a moment ago: without statistics the day-by-day accrual's plan degrades as the book grows.
  await db.execute(sql`analyze invoices, accounts, account_applications`);
  let accruedThrough = "";
  for (const event of events) {
    if (event.on !== accruedThrough) await db.transaction((tx) => accrueLateFeesThrough(tx as unknown as Db, event.on));
    accruedThrough = event.on;
    await event.run();
  }
  await db.transaction((tx) => accrueLateFeesThrough(tx as unknown as Db, today));

  // In date order: an application expires on its own deadline while no later one waits yet.
  for (const loan of plan.loans.filter((l) => !isDisbursed(l)).sort(byDate)) await seedApplication(db, loan, borrowers[loan.borrower]!, sharesOf(loan));
  await db.transaction((tx) => takeTkbSnapshot(tx as unknown as Db, today));
}

/**
 * An application that never became a loan: waiting for an operator's review (submitted through
 * the production path, the automatic decision referring it), waiting for investment (maybe
 * partly funded), cancelled, expired or rejected. Approved on its submission day by the business clock (the
 * funding deadline counts from it, decision 0010), so one still waiting expires
 * FUNDING_PERIOD_DAYS after that day however the sandbox clock was moved; an expired one went
 * through the funding-deadline job's own path on its deadline.
 */
async function seedApplication(db: Db, loan: PlannedLoan, customerId: string, shares: Parameters<typeof fundApplication>[2]): Promise<void> {
  const totalRepayment = loan.terms.amount + flatInterest(loan.terms.amount, loan.terms.dailyRatePpm, loan.terms.term);
  if (loan.kind === "awaiting_review") {
    const application = { customerId, productKey: "spl", ...loan.terms, totalRepayment, maturityOn: null, flowProgressId: null, today: loan.effectiveOn };
    const { applicationId, decision } = await db.transaction((tx) => submitLoanApplication(tx as unknown as Db, application));
    if (decision.outcome !== "refer") throw new Error(`sandbox book: ${applicationId} should be referred to an operator, was ${decision.outcome}`);
    return;
  }
  if (loan.kind === "rejected") {
    const [account] = await db.insert(schema.accounts).values({ customerId, typeKey: "loan", productKey: "spl", status: "pending" }).returning({ id: schema.accounts.id });
    const [application] = await db
      .insert(schema.accountApplications)
      .values({ accountId: account!.id, typeKey: "initial", status: "submitted", ...loan.terms, totalRepayment, submittedOn: loan.effectiveOn })
      .returning({ id: schema.accountApplications.id });
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await transitionApplication(tx, application!.id, "reject", SYSTEM, "sandbox book: refused by the automatic decision");
      await closeNeverActivatedAccount(tx, application!.id, SYSTEM, "its application was rejected", loan.effectiveOn);
    });
    return;
  }
  const { applicationId } = await approvedLoanApplication(db, customerId, loan.terms, loan.effectiveOn, { approvedAt: businessInstant(loan.effectiveOn) });
  await fundApplication(db, applicationId, shares, loan.effectiveOn);
  if (loan.kind === "cancelled") {
    const borrower: Actor = { kind: "customer", id: customerId };
    await db.transaction((tx) => cancelApplication(tx as unknown as Db, applicationId, borrower, loan.endedOn!));
  }
  if (loan.kind === "expired") {
    const expired = await db.transaction((tx) => expireUnfundedApplications(tx as unknown as Db, loan.endedOn!));
    if (expired.join() !== applicationId) throw new Error(`sandbox book: expiring ${applicationId} on ${loan.endedOn} expired [${expired.join()}]`);
  }
}
