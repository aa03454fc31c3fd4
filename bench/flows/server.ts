// The flow bench's server process (bench/lib/bench-app.ts), in one of two modes (BENCH_MODE):
//
// - `app`: the Pinjaman API. With BENCH_SEED=1 it first fills the fresh database: the sandbox
//   products and BENCH_CUSTOMERS customers, each with a primary role and a session (their tokens
//   are printed).
// - `bare`: the floor, the one UPDATE a flow PATCH cannot do without, by primary key, on the
//   same rows.
import { schema, seedSandbox, type Db } from "@pinjaman/db";
import { sessionFor } from "../../apps/api/src/modules/identity/test-sessions.ts";
import { serve, startApp, startBare } from "../lib/bench-app.ts";

const mode = process.env.BENCH_MODE ?? "app";
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 200);

async function seed(db: Db): Promise<Record<string, unknown>> {
  await seedSandbox(db);
  const rows = Array.from({ length: customerCount }, (_, i) => {
    const n = String(i + 1).padStart(4, "0");
    // No password: the bench logs them in by session, never through the login call.
    return { name: `Nasabah Bench ${n}`, email: `flow-bench-${n}@pinjaman.test` };
  });
  const customers = await db.insert(schema.customers).values(rows).returning({ id: schema.customers.id, email: schema.customers.email });
  await db.insert(schema.customerRoles).values(customers.map((c) => ({ customerId: c.id, typeKey: "primary" as const })));
  const tokens: string[] = [];
  for (const c of customers) tokens.push((await sessionFor(db, c.email)).token);
  return { tokens };
}

const server =
  mode === "bare"
    ? await startBare("/bare/flow_progresses", "UPDATE flow_progresses SET values = values || $2::jsonb, updated_at = now() WHERE id = $1", (body) => [
        JSON.stringify((body as { data: { values: Record<string, unknown> } }).data.values),
      ])
    : await startApp(process.env.BENCH_SEED === "1" ? seed : undefined);
await serve(mode, server);
