// The dashboard bench's server process: the Pinjaman API (apps/api buildApp, production mode,
// sandbox adapters, logging off) on the PostgreSQL database DATABASE_URL, on a free loopback
// port. Before listening it seeds the sandbox book (apps/api/src/modules/sandbox-book) at scale
// BENCH_SCALE (1: 100 borrowers, 8 lenders; 10: ten times that) on today's business date and
// opens a session for each of the first BENCH_SESSIONS borrowers (peminjam1…@pinjaman.test).
// Prints one line `BENCH_READY {json}` with the port, the tokens and the seeding time, then
// serves until SIGTERM.
import { setTimeout as sleep } from "node:timers/promises";
import { openDb, seedSandbox } from "@pinjaman/db";
import { sql } from "drizzle-orm";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { seedSandboxAccounts } from "../../apps/api/src/modules/accounts/sandbox-accounts.ts";
import { businessNow } from "../../apps/api/src/modules/business-clock/business-clock.ts";
import { sessionFor } from "../../apps/api/src/modules/identity/test-sessions.ts";
import { borrowerEmail } from "../../apps/api/src/modules/sandbox-book/loan-book.ts";
import { seedSandboxBook } from "../../apps/api/src/modules/sandbox-book/sandbox-book.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL (postgres://…) is required");
const scale = Number(process.env.BENCH_SCALE ?? 1);
const sessions = Number(process.env.BENCH_SESSIONS ?? 50);

const config = loadConfig({ NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", SANDBOX: "1", LOG_LEVEL: "silent", DATABASE_URL: databaseUrl });
const database = await openDb({ url: config.databaseUrl });
await database.migrate();
await seedSandbox(database.db);
if (!(await seedSandboxAccounts(database.db))) throw new Error("the bench needs a fresh database");
const t0 = performance.now();
const today = (await businessNow(database.db, { sandbox: true })).date;
await seedSandboxBook(database.db, today, { platformFeePpm: config.platformFeePpm }, { scale });
const seedS = (performance.now() - t0) / 1000;
await database.db.execute(sql`analyze`);
const [counts] = (
  (await database.db.execute(sql`select (select count(*) from accounts)::int as accounts, (select count(*) from invoices)::int as invoices, (select count(*) from ledger_transfers)::int as transfers`)) as unknown as {
    rows: Record<string, number>[];
  }
).rows;
// The dashboard's open-loans search as account-search.ts sends it, for the first borrower: how PostgreSQL runs it.
const explained = (await database.db.execute(sql`
  explain select a.* from accounts a
  where a.customer_id = (select id from customers where email = ${borrowerEmail(0)}) and a.type_key = 'loan' and a.closed_on is null
  order by a.created_at desc, a.id desc limit 100`)) as unknown as { rows: { "QUERY PLAN": string }[] };
const plan = explained.rows.map((r) => r["QUERY PLAN"].trim()).filter((line) => /Scan/.test(line)).join("; ");
const tokens: string[] = [];
for (let i = 0; i < sessions; i++) tokens.push((await sessionFor(database.db, borrowerEmail(i))).token);

const app = await buildApp({ db: database.db, config });
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
console.log(`BENCH_READY ${JSON.stringify({ port, tokens, today, seedS, plan, ...counts })}`);

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await app.close();
  await sleep(1000);
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
