// The investments bench's server process (bench/lib/bench-app.ts), in one of two modes (BENCH_MODE):
//
// - `app`: the Pinjaman API. With BENCH_SEED=1 it first fills the fresh database: the sandbox
//   products, BENCH_LENDERS lenders (an investment account holding BENCH_DEPOSIT rupiah from a
//   sandbox deposit, a primary role, a session) and BENCH_APPLICATIONS applications of
//   BENCH_APPLICATION_AMOUNT rupiah waiting for investment (the funding test fixtures); their ids
//   and the lenders' tokens are printed.
// - `bare`: the floor, one UPDATE by primary key of a lender's investment account row.
import { schema, seedSandbox, type Db } from "@pinjaman/db";
import { businessNow } from "../../apps/api/src/modules/business-clock/business-clock.ts";
import { approvedApplication, lenderWithFunds } from "../../apps/api/src/modules/funding/funding-fixtures.ts";
import { sessionFor } from "../../apps/api/src/modules/identity/test-sessions.ts";
import { serve, startApp, startBare } from "../lib/bench-app.ts";

const mode = process.env.BENCH_MODE ?? "app";
const lenderCount = Number(process.env.BENCH_LENDERS ?? 200);
const deposit = Number(process.env.BENCH_DEPOSIT ?? 100_000_000);
const applicationCount = Number(process.env.BENCH_APPLICATIONS ?? 1000);
const applicationAmount = Number(process.env.BENCH_APPLICATION_AMOUNT ?? 10_000_000);

async function seed(db: Db): Promise<Record<string, unknown>> {
  await seedSandbox(db);
  const { date } = await businessNow(db, { sandbox: true });
  const lenders = [];
  for (let i = 0; i < lenderCount; i++) {
    const email = `invest-bench-${String(i + 1).padStart(4, "0")}@pinjaman.test`;
    const lender = await lenderWithFunds(db, email, deposit, date);
    await db.insert(schema.customerRoles).values({ customerId: lender.customerId, typeKey: "primary" });
    lenders.push({ accountId: lender.accountId, token: (await sessionFor(db, email)).token });
  }
  const applications = [];
  for (let i = 0; i < applicationCount; i++) {
    applications.push((await approvedApplication(db, `invest-bench-borrower-${String(i + 1).padStart(4, "0")}@pinjaman.test`, applicationAmount)).applicationId);
  }
  return { lenders, applications };
}

const server =
  mode === "bare"
    ? await startBare("/bare/accounts", "UPDATE accounts SET payment_channel = $2 WHERE id = $1", (body) => [(body as { data: { channel: string } }).data.channel])
    : await startApp(process.env.BENCH_SEED === "1" ? seed : undefined);
await serve(mode, server);
