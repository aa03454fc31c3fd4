// `npm run bench:accrual`: one day of the late-fee accrual (the daily job's set-based SQL,
// apps/api/src/modules/late-fees/late-fee-accrual.ts) over a book of BENCH_LOANS active loans
// (100,000) on PostgreSQL, generated set-based in a scratch database. Target ≤ 30 s (issue 8).
// Prints a Markdown table on stdout (progress goes to stderr) and writes
// bench/results/accrual-<timestamp>.json. See bench/README.md ("Accrual").
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { accrueLateFeesThrough } from "../../apps/api/src/modules/late-fees/late-fee-accrual.ts";
import { seedSandboxAccounts } from "../../apps/api/src/modules/accounts/sandbox-accounts.ts";
import { openDb } from "../../packages/db/src/open-db.ts";
import { seedSandbox } from "../../packages/db/src/seed.ts";
import { createScratchDatabase } from "../../packages/db/src/scratch-database.ts";
import { guardRun, runGuarded, writeResults } from "../lib/run-guard.mjs";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const LOANS = Number(process.env.BENCH_LOANS ?? 100_000);
// Share of the loans with instalments past due and unpaid (the rest paid on time).
const LATE_PERCENT = Number(process.env.BENCH_LATE_PERCENT ?? 20);
const TERM = 6;
const DAY = "2026-11-24";
const TARGET_S = 30;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 20 * 60_000);

const { log, cleanups, cleanup, stopping } = guardRun({ name: "bench:accrual", timeoutMs: TIMEOUT_MS });

/**
 * The book, set-based: loans of 2–6.9 million rupiah over 6 months at 0.1 %/day, effective over
 * the last 170 days; every 5th one productive. Instalments due before the day are paid, except
 * on the late loans, whose past-due ones are open, accrued through yesterday. One customer owns
 * them all (the accrual does not read customers).
 */
async function generateBook(db) {
  const [{ id: customerId }] = (await db.execute(sql`select id from customers where email = 'budi@pinjaman.test'`)).rows;
  await db.execute(sql`
    create temporary table bench_loans as
    select g as n, gen_random_uuid() as account_id, gen_random_uuid() as application_id,
           (2000000 + (g % 50) * 100000)::bigint as amount, ${DAY}::date - (g % 170) as effective_on,
           (g % 100) < ${LATE_PERCENT} as late
    from generate_series(1, ${LOANS}) g`);
  await db.execute(sql`
    insert into accounts (id, customer_id, type_key, product_key, status, principal_balance, activated_on)
    select account_id, ${customerId}, 'loan', case when n % 5 = 0 then 'alumak' else 'spl' end, 'active', amount, effective_on from bench_loans`);
  await db.execute(sql`
    insert into account_applications (id, account_id, type_key, status, amount, term, daily_rate_ppm, total_repayment, effective_on, maturity_on)
    select application_id, account_id, 'initial', 'activated', amount, ${TERM}, 1000, amount + amount * 180 / 1000,
           effective_on, (effective_on + make_interval(months => ${TERM}))::date from bench_loans`);
  await db.execute(sql`
    with schedule as (
      select l.*, k, (l.effective_on + make_interval(months => k))::date as due_on,
             case when k = ${TERM} then l.amount - (l.amount / ${TERM}) * (${TERM} - 1) else l.amount / ${TERM} end as principal,
             case when k = ${TERM} then l.amount * 180 / 1000 - (l.amount * 180 / 1000 / ${TERM}) * (${TERM} - 1) else l.amount * 180 / 1000 / ${TERM} end as interest
      from bench_loans l cross join generate_series(1, ${TERM}) k
    )
    insert into invoices (account_id, account_application_id, number, due_on, principal, interest, total, late_fee,
                          late_fee_accrued_through, paid_principal, paid_interest, status, paid_on)
    select account_id, application_id, k, due_on, principal, interest, principal + interest,
           case when late and due_on < ${DAY}::date then (${DAY}::date - 1 - due_on) * 300 else 0 end,
           case when late and due_on < ${DAY}::date - 1 then ${DAY}::date - 1 end,
           case when due_on < ${DAY}::date and not late then principal else 0 end,
           case when due_on < ${DAY}::date and not late then interest else 0 end,
           case when due_on < ${DAY}::date and not late then 'paid' else 'open' end,
           case when due_on < ${DAY}::date and not late then due_on end
    from schedule`);
  await db.execute(sql`analyze`);
  const [counts] = (
    await db.execute(sql`
      select count(*)::int as invoices, count(*) filter (where status = 'open' and due_on < ${DAY}::date)::int as late_invoices,
             count(distinct account_application_id) filter (where status = 'open' and due_on < ${DAY}::date)::int as late_loans
      from invoices`)
  ).rows;
  return counts;
}

async function main() {
  const startedAt = new Date();
  const scratch = await createScratchDatabase(SERVER_URL, "pinjaman_bench_accrual");
  cleanups.push(() => scratch.drop());
  const database = await openDb({ url: scratch.url, poolSize: 2 });
  cleanups.push(() => database.close());
  await database.migrate();
  await seedSandbox(database.db);
  await seedSandboxAccounts(database.db);

  log(`generating ${LOANS} active loans (${LATE_PERCENT} % late) …`);
  let t0 = performance.now();
  const book = await generateBook(database.db);
  const generateS = (performance.now() - t0) / 1000;
  log(`book ready in ${generateS.toFixed(1)} s: ${JSON.stringify(book)}`);

  t0 = performance.now();
  const result = await database.db.transaction((tx) => accrueLateFeesThrough(tx, DAY));
  const accrualS = (performance.now() - t0) / 1000;
  if (result.days.length !== 1 || result.days[0] !== DAY) throw new Error(`expected one accrual day, got ${JSON.stringify(result.days)}`);
  const [accrued] = (await database.db.execute(sql`select count(*)::int as n from invoices where late_fee_accrued_through = ${DAY}::date`)).rows;
  if (accrued.n !== book.late_invoices) throw new Error(`${accrued.n} invoices accrued for the day, ${book.late_invoices} are late`);

  const cpu = cpus();
  console.log(`\n## Late-fee accrual, one day (PostgreSQL, ${cpu.length} × ${cpu[0]?.model ?? "CPU"}, Node ${process.version})\n`);
  console.log("| active loans | invoices | late loans | late invoices | accrued (Rp) | accrual (s) | target | met |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|:---:|");
  console.log(
    `| ${LOANS} | ${book.invoices} | ${book.late_loans} | ${book.late_invoices} | ${result.lateFees} | ${accrualS.toFixed(2)} | ≤ ${TARGET_S} s | ${accrualS <= TARGET_S ? "yes" : "no"} |`,
  );
  await writeResults("accrual", startedAt, { loans: LOANS, latePercent: LATE_PERCENT, book, generateSeconds: generateS, accrualSeconds: accrualS, lateFees: result.lateFees, targetSeconds: TARGET_S });
}

await runGuarded(main, { log, stopping, cleanup });
