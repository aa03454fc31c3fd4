import { schema } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { FUNDING_PERIOD_DAYS } from "@pinjaman/domain/funding";
import { and, asc, eq, sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { DEFAULT_PLATFORM_FEE_PPM } from "../../config.ts";
import { investmentAccountOf, sandboxCustomerIds } from "../accounts/sandbox-accounts.ts";
import { borrowerBankAccount } from "../disbursal/borrower-bank-account.ts";
import { expireUnfundedApplications } from "../funding/funding-deadline.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { investmentAccountBalance } from "../ledger/lender-funds.ts";
import { KIND_MIX, planBook, type LoanKind } from "./book-plan.ts";
import { BOOK_DIGEST_2026_11_24 } from "./book-digest.fixture.ts";
import { bookDigest } from "./book-test-kit.ts";
import { BOOK_BORROWER_EMAILS } from "./loan-book.ts";
import { SANDBOX_BOOK, seedSandboxBook } from "./sandbox-book.ts";

type Rows<T> = { rows: T[] };
const today = "2026-11-24";
const plan = planBook(today);
/** The planned loans (earlier ones included) of these kinds. */
const planned = (...kinds: LoanKind[]) => plan.loans.filter((l) => kinds.includes(l.kind)).length;

describe("the sandbox book", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const count = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as Rows<Record<string, string>>).rows;
  beforeAll(async () => {
    database = await testDatabase();
    await seedSandboxBook(database.db, today, { platformFeePpm: DEFAULT_PLATFORM_FEE_PPM });
  }, 240_000);
  afterAll(() => database.close());

  it("gives Budi an active loan funded by Sari whose first instalment falls due three days after seeding, with the books balanced", async () => {
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
    // Her withdrawals have a bank account to go to, as a registered lender's would.
    expect(await borrowerBankAccount(database.db, sari)).toEqual({ name: "Sari Wulandari", bankCode: "bca", accountNumber: "8012345678", accountName: "Sari Wulandari" });
    expect(await ledgerInvariantViolations(database.db)).toEqual([]);
  });

  it("holds hundreds of loans and applications in every status, in the planned numbers, none in flight beside a borrower's current one", async () => {
    expect(plan.loans.length).toBeGreaterThanOrEqual(300);
    const rows = await count(sql`
      select acc.status as account, a.status as application, count(*)::text as n
      from account_applications a join accounts acc on acc.id = a.account_id join customers c on c.id = acc.customer_id
      where c.email like 'peminjam%' group by 1, 2 order by 1, 2`);
    expect(rows).toEqual([
      { account: "active", application: "activated", n: String(planned("active_current", "late_1_30", "late_31_60", "late_61_90", "late_over_90")) },
      { account: "closed", application: "cancelled", n: String(planned("cancelled", "expired")) },
      { account: "closed", application: "closed", n: String(planned("closed_on_time", "closed_paid_late", "closed_early")) },
      { account: "closed", application: "rejected", n: String(planned("rejected")) },
      { account: "pending", application: "submitted", n: String(planned("awaiting_review")) },
      { account: "pending", application: "waiting_for_investment", n: String(planned("waiting_for_investment", "partially_funded")) },
      { account: "written_off", application: "activated", n: String(KIND_MIX.written_off) },
    ]);
    expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(plan.loans.length);
    expect(await count(sql`select count(*)::text as n from customers where email like 'pemodal%' and password_hash is null`)).toEqual([{ n: "8" }]);
    // Returning borrowers: earlier loans closed before the next was submitted, one open loan or application each at most.
    const [borrowers] = await count(sql`
      select count(*) filter (where loans > 1)::text as returning, count(*) filter (where open > 1)::text as two_open, max(loans)::text as most
      from (select acc.customer_id, count(*) as loans, count(*) filter (where acc.status in ('pending', 'active')) as open
            from accounts acc join customers c on c.id = acc.customer_id where c.email like 'peminjam%' and acc.type_key = 'loan' group by 1) b`);
    expect(Number(borrowers!.returning)).toBeGreaterThan(50);
    expect(borrowers).toMatchObject({ two_open: "0" });
    const [overlaps] = await count(sql`
      select count(*)::text as n from account_applications a join accounts acc on acc.id = a.account_id
      join account_applications b on b.id <> a.id join accounts bcc on bcc.id = b.account_id and bcc.customer_id = acc.customer_id
      where a.submitted_on < b.submitted_on and coalesce(acc.closed_on, ${today}::date) >= b.submitted_on`);
    expect(overlaps).toEqual({ n: "0" });
    // Partly funded: pending investments short of the amount; the others waiting have none.
    const funding = await count(sql`
      select count(*) filter (where funded > 0 and funded < amount)::text as partial, count(*) filter (where funded = 0)::text as unfunded
      from (select a.amount, coalesce((select sum(i.amount) from investments i where i.account_application_id = a.id and i.status = 'pending'), 0) as funded
            from account_applications a where a.status = 'waiting_for_investment') w`);
    expect(funding).toEqual([{ partial: String(KIND_MIX.partially_funded), unfunded: String(KIND_MIX.waiting_for_investment) }]);
    // Paid off early: closed before maturity with interest waived.
    expect(await count(sql`select count(*)::text as n from account_applications a join accounts acc on acc.id = a.account_id where acc.closed_on < a.maturity_on and a.status = 'closed'`)).toEqual([
      { n: String(planned("closed_early")) },
    ]);
  });

  it("has the waiting applications' funding deadline on the business clock: they expire FUNDING_PERIOD_DAYS after their approval day, not before", async () => {
    const waiting = plan.loans.filter((l) => l.kind === "waiting_for_investment" || l.kind === "partially_funded");
    const firstDeadline = waiting.map((l) => addDays(l.effectiveOn, FUNDING_PERIOD_DAYS)).sort()[0]!;
    await database.db.transaction(async (tx) => {
      expect(await expireUnfundedApplications(tx as unknown as typeof database.db, addDays(firstDeadline, -1))).toEqual([]);
      const expired = await expireUnfundedApplications(tx as unknown as typeof database.db, firstDeadline);
      expect(expired.length).toBe(waiting.filter((l) => addDays(l.effectiveOn, FUNDING_PERIOD_DAYS) === firstDeadline).length);
      expect(expired.length).toBeGreaterThan(0);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  });

  it("grades every application it approved from its borrower's declared finances, A to E, as lenders see them", async () => {
    const grades = await count(sql`
      select a.risk_grade as grade, count(*)::text as n from account_applications a join accounts c on c.id = a.account_id
      where a.status not in ('rejected', 'submitted') group by a.risk_grade order by a.risk_grade`);
    expect(grades.map((g) => g.grade)).toEqual(["A", "B", "C", "D", "E"]);
    const waiting = await count(sql`select risk_grade as grade from account_applications where status = 'waiting_for_investment'`);
    expect(waiting.length).toBe(planned("waiting_for_investment", "partially_funded"));
    expect(new Set(waiting.map((w) => w.grade)).size).toBeGreaterThan(1);
  });

  it("gives every borrower a province and a city within it (what lenders see of where they live, and their reminders' time zone)", async () => {
    const places = await count(sql`
      select cp.kyc ->> 'region' as region, cp.kyc ->> 'city' as city from customer_profiles cp join customers c on c.id = cp.customer_id
      where c.email like ${BOOK_BORROWER_EMAILS}`);
    expect(places.length).toBe(new Set(plan.loans.map((l) => l.borrower)).size);
    for (const { region, city } of places) expect(city).toMatch(new RegExp(`^${region}\\.\\d{2}$`));
    expect(new Set(places.map((p) => p.city)).size).toBeGreaterThan(5);
  });

  it("leaves the applications of borrowers who declared no other platforms waiting for an operator, the rules that could not be measured recorded", async () => {
    const referred = await count(sql`
      select a.status, a.risk_grade as grade, d.outcome,
        (select string_agg(r->>'key', ',' order by r->>'key') from jsonb_array_elements(d.rules) r where r->>'passed' is null) as unmeasured
      from account_applications a join application_decisions d on d.account_application_id = a.id where d.outcome = 'refer'`);
    expect(referred).toEqual(
      Array.from({ length: planned("awaiting_review") }, () => ({ status: "submitted", grade: null, outcome: "refer", unmeasured: "affordability,other_platforms" })),
    );
    expect(referred.length).toBe(KIND_MIX.awaiting_review);
  });

  it("has the active loans in each lateness bucket, late fees accrued on the late ones and paid by the late payers", async () => {
    const buckets = await count(sql`
      with loans as (
        select i.account_id, coalesce(max(${today}::date - i.due_on) filter (where i.status = 'open' and i.due_on < ${today}::date), 0) as dpd
        from invoices i join accounts acc on acc.id = i.account_id and acc.status = 'active' group by 1)
      select case when dpd = 0 then 'current' when dpd <= 30 then '1-30' when dpd <= 60 then '31-60' when dpd <= 90 then '61-90' else '>90' end as bucket, count(*)::text as n
      from loans group by 1 order by 1`);
    expect(Object.fromEntries(buckets.map((b) => [b.bucket, Number(b.n)]))).toEqual({
      current: KIND_MIX.active_current + 1, // and Budi
      "1-30": KIND_MIX.late_1_30,
      "31-60": KIND_MIX.late_31_60,
      "61-90": KIND_MIX.late_61_90,
      ">90": KIND_MIX.late_over_90,
    });
    const [fees] = await count(sql`
      select count(distinct i.account_id) filter (where i.status = 'open' and i.due_on < ${today}::date and i.late_fee > 0 and i.late_fee_accrued_through = ${today}::date)::text as accruing,
             (select count(*) from payments p where p.late_fee > 0)::text as late_payments
      from invoices i join accounts acc on acc.id = i.account_id and acc.status = 'active'`);
    expect(fees).toEqual({ accruing: String(KIND_MIX.late_1_30 + KIND_MIX.late_31_60 + KIND_MIX.late_61_90 + KIND_MIX.late_over_90), late_payments: String(planned("closed_paid_late")) });
  });

  it("writes off the loans long past due: receivable and lenders' shares at zero, the lenders bearing the loss", async () => {
    const written = await count(sql`
      select acc.id, (select sum(la.debits_posted - la.credits_posted) from ledger_accounts la where la.account_id = acc.id and la.kind = 'loan_receivable')::text as receivable,
             (select sum(la.credits_posted - la.debits_posted) from ledger_accounts la where la.account_id = acc.id and la.kind = 'lender_investment')::text as shares,
             (select sum(t.amount) from ledger_transfers t join ledger_accounts la on la.id = t.debit_account_id where la.account_id = acc.id and la.kind = 'write_offs')::text as written_off,
             (select count(*) from investments i join account_applications a on a.id = i.account_application_id where a.account_id = acc.id and i.status <> 'closed')::text as open_investments
      from accounts acc where acc.status = 'written_off'`);
    expect(written).toHaveLength(KIND_MIX.written_off);
    for (const loan of written) expect(loan).toMatchObject({ receivable: "0", shares: "0", open_investments: "0" });
    for (const loan of written) expect(Number(loan.written_off)).toBeGreaterThan(0);
  });

  it("takes a TKB snapshot of the book on the seeding date, below 100 % as loans are late", async () => {
    const [snapshot] = await database.db.select().from(schema.tkbSnapshots).where(and(eq(schema.tkbSnapshots.source, "book"), eq(schema.tkbSnapshots.asOf, today)));
    expect(snapshot!.entries.map((e) => e.name)).toEqual(["TKB0", "TKB30", "TKB60", "TKB90"]);
    const [tkb0, tkb30, tkb60, tkb90] = snapshot!.entries.map((e) => e.basisPoints);
    expect(tkb0).toBeLessThan(10_000);
    expect(tkb0).toBeLessThanOrEqual(tkb30!);
    expect(tkb30).toBeLessThanOrEqual(tkb60!);
    expect(tkb60).toBeLessThanOrEqual(tkb90!);
    expect(tkb90).toBeLessThan(10_000);
  });

  it("is the same book for the same seeding date (the digest the second seed in book-determinism.test.ts also gives)", async () => {
    expect(await bookDigest(database.db)).toEqual(BOOK_DIGEST_2026_11_24);
  });
});
