// The lender-statistics bench's server process (bench/lib/bench-app.ts `startApp`): the API on the
// PostgreSQL database DATABASE_URL with, before it listens, one lender holding BENCH_INVESTMENTS
// (10,000) settled shares in as many loans, and the rest of the book at BENCH_SCALE: other
// lenders' shares in those loans and in (BENCH_SCALE − 1) × BENCH_INVESTMENTS loans of their own,
// 100 × BENCH_SCALE applications open to investment. Loans run 4 months from effective dates over
// the last 400 days; instalments due before today are paid on time except one loan in 20 (late by
// up to 400 days: every past-due bucket has some), and each paid instalment has its
// investment_repayments rows. Written set-based in SQL (the production paths would take hours at
// this size); the shares point at the lender's deposit transfer as their reservation (the books
// are not read by these calls). Prints BENCH_READY with sessions of the lender.
import { seedSandbox, type Db } from "@pinjaman/db";
import { sql } from "drizzle-orm";
import { seedSandboxAccounts } from "../../apps/api/src/modules/accounts/sandbox-accounts.ts";
import { businessNow } from "../../apps/api/src/modules/business-clock/business-clock.ts";
import { lenderWithFunds } from "../../apps/api/src/modules/funding/funding-fixtures.ts";
import { sessionFor } from "../../apps/api/src/modules/identity/test-sessions.ts";
import { serve, startApp } from "../lib/bench-app.ts";

const scale = Number(process.env.BENCH_SCALE ?? 1);
const investments = Number(process.env.BENCH_INVESTMENTS ?? 10_000);
const sessions = Number(process.env.BENCH_SESSIONS ?? 10);

async function seed(db: Db) {
  await seedSandbox(db);
  if (!(await seedSandboxAccounts(db))) throw new Error("the bench needs a fresh database");
  const t0 = performance.now();
  const today = (await businessNow(db, { sandbox: true })).date;
  const lender = await lenderWithFunds(db, "pemodal.bench@contoh.co.id", 1_000_000_000, today);
  const others = await lenderWithFunds(db, "pemodal.lain.bench@contoh.co.id", 1_000_000_000, today);
  const loans = investments * scale;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    const [{ id: reservation }] = (
      (await tx.execute(sql`select id from ledger_transfers where reference = 'sandbox_virtual_account' and idempotency_key like ${`%${lender.accountId}%`} limit 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows as [{ id: string }];
    await run(sql`create temp table bench_loans on commit drop as
      select g, gen_random_uuid() as customer_id, gen_random_uuid() as account_id, gen_random_uuid() as application_id,
             ${today}::date - (g % 400) as effective_on, (g % 20 = 0) as late
      from generate_series(1, ${loans}) g`);
    await run(sql`insert into customers (id, name, email) select customer_id, 'Peminjam Bench ' || g, 'peminjam.bench.' || g || '@contoh.co.id' from bench_loans`);
    await run(sql`insert into accounts (id, customer_id, type_key, product_key, status, activated_on)
      select account_id, customer_id, 'loan', 'spl', 'active', effective_on from bench_loans`);
    await run(sql`insert into account_applications (id, account_id, type_key, status, amount, term, daily_rate_ppm, total_repayment, submitted_on, approved_on, funded_on, effective_on, maturity_on, risk_grade)
      select application_id, account_id, 'initial', 'activated', 4000000, 4, 1000, 4480000, effective_on - 5, effective_on - 5, effective_on - 3, effective_on,
             (effective_on + interval '4 months')::date, (array['A','B','C','D','E'])[1 + g % 5] from bench_loans`);
    await run(sql`insert into invoices (account_id, account_application_id, number, due_on, principal, interest, total, status, paid_principal, paid_interest, paid_on)
      select l.account_id, l.application_id, k, d.due_on, 1000000, 120000, 1120000,
             case when paid then 'paid' else 'open' end, case when paid then 1000000 else 0 end, case when paid then 120000 else 0 end, case when paid then d.due_on end
      from bench_loans l cross join generate_series(1, 4) k
      cross join lateral (select (l.effective_on + make_interval(months => k))::date as due_on) d
      cross join lateral (select d.due_on < ${today}::date and not l.late as paid) p`);
    await run(sql`insert into investments (investment_account_id, customer_id, account_application_id, amount, status, reservation_transfer_id, idempotency_key, created_at)
      select ${lender.accountId}::uuid, ${lender.customerId}::uuid, application_id, 1000000, 'settled', ${reservation}::uuid, 'bench-' || g, effective_on - 4 from bench_loans where g <= ${investments}
      union all
      select ${others.accountId}::uuid, ${others.customerId}::uuid, application_id, case when g <= ${investments} then 3000000 else 4000000 end, 'settled', ${reservation}::uuid, 'bench-other-' || g, effective_on - 4
      from bench_loans`);
    await run(sql`insert into payments (gateway_transaction_id, source, channel, virtual_account_number, account_id, amount, status, business_date, late_fee, interest, principal, credit, credit_used)
      select 'bench-' || k, 'sandbox', 'bca_va', 'bench', (select account_id from bench_loans where g = 1), 1120000, 'allocated', ${today}::date, 0, 120000, 1000000, 0, 0
      from generate_series(1, 4) k`);
    await run(sql`insert into investment_repayments (investment_id, payment_id, business_date, principal, interest, platform_fee, tax, insurance_premium, late_fee)
      select i.id, p.id, iv.paid_on, iv.principal * i.amount / 4000000, iv.interest * i.amount / 4000000,
             iv.interest * i.amount / 4000000 / 10, iv.interest * i.amount / 4000000 * 15 / 100, 0, 0
      from invoices iv join bench_loans l on l.application_id = iv.account_application_id
      join investments i on i.account_application_id = iv.account_application_id
      join payments p on p.gateway_transaction_id = 'bench-' || iv.number
      where iv.status = 'paid'`);
    await run(sql`create temp table bench_open on commit drop as
      select g, gen_random_uuid() as customer_id, gen_random_uuid() as account_id, ${today}::date - (g % 14) as approved_on from generate_series(1, ${100 * scale}) g`);
    await run(sql`insert into customers (id, name, email) select customer_id, 'Peminjam Terbuka ' || g, 'peminjam.terbuka.bench.' || g || '@contoh.co.id' from bench_open`);
    await run(sql`insert into accounts (id, customer_id, type_key, product_key, status) select account_id, customer_id, 'loan', 'spl', 'pending' from bench_open`);
    await run(sql`insert into account_applications (account_id, type_key, status, amount, term, daily_rate_ppm, total_repayment, submitted_on, approved_on, risk_grade)
      select account_id, 'initial', 'waiting_for_investment', 1000000 * (1 + g % 10), 1 + g % 12, 1000, 1000000 * (1 + g % 10) * 112 / 100, approved_on, approved_on, (array['A','B','C','D','E'])[1 + g % 5]
      from bench_open`);
  });
  await db.execute(sql`analyze`);
  const seedS = (performance.now() - t0) / 1000;
  const [counts] = (
    (await db.execute(
      sql`select (select count(*) from investments)::int as investments, (select count(*) from invoices)::int as invoices, (select count(*) from investment_repayments)::int as repayments`,
    )) as unknown as { rows: Record<string, number>[] }
  ).rows;
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i++) tokens.push((await sessionFor(db, "pemodal.bench@contoh.co.id")).token);
  return { accountId: lender.accountId, tokens, today, seedS, ...counts };
}

await serve("app", await startApp(seed));
