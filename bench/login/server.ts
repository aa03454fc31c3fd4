// The login bench's server process: the Pinjaman API (apps/api buildApp, as main.ts builds it,
// without the server-rendered site) on a free loopback port, on the database given by
// DATABASE_URL or a PGlite directory PGLITE_DIR. Before listening it creates BENCH_ACCOUNTS
// customers, each with its own argon2id hash and a device key the customer has already confirmed
// (a known_devices row), so that their logins need no second factor. Prints one line
// `BENCH_READY {json}` with the port and the accounts, then serves until SIGTERM.
import { setTimeout as sleep } from "node:timers/promises";
import { openDb, schema } from "@pinjaman/db";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { hashPassword } from "../../apps/api/src/modules/accounts/passwords.ts";
import { hashToken, newToken } from "../../apps/api/src/modules/sessions/tokens.ts";

export const BENCH_PASSWORD = "Bench-Login-Password-2026";

const accountCount = Number(process.env.BENCH_ACCOUNTS ?? 200);
const config = loadConfig({
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: "0",
  SANDBOX: "1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { PGLITE_DIR: process.env.PGLITE_DIR ?? "" }),
});

const database = await openDb({ url: config.databaseUrl, dataDir: config.pgliteDir });
await database.migrate();

// Distinct salts, like real customers; @node-rs/argon2 hashes on its worker threads.
const hashes: string[] = [];
for (let i = 0; i < accountCount; i += 16) {
  const batch = Array.from({ length: Math.min(16, accountCount - i) }, () => hashPassword(BENCH_PASSWORD));
  hashes.push(...(await Promise.all(batch)));
}
const accounts = hashes.map((passwordHash, i) => ({
  name: `Nasabah Bench ${i + 1}`,
  email: `bench-${String(i + 1).padStart(4, "0")}@pinjaman.test`,
  passwordHash,
  deviceKey: newToken(),
}));
const customers = await database.db
  .insert(schema.customers)
  .values(accounts.map(({ name, email, passwordHash }) => ({ name, email, passwordHash })))
  .returning({ id: schema.customers.id, email: schema.customers.email });
const idByEmail = new Map(customers.map((c) => [c.email, c.id]));
const customerId = (email: string) => {
  const id = idByEmail.get(email);
  if (!id) throw new Error(`customer ${email} not stored`);
  return id;
};
await database.db.insert(schema.customerRoles).values(accounts.map((a) => ({ customerId: customerId(a.email), typeKey: "primary" as const })));
await database.db
  .insert(schema.knownDevices)
  .values(accounts.map((a) => ({ customerId: customerId(a.email), deviceKeyHash: hashToken(a.deviceKey) })));

const app = await buildApp({ db: database.db, config });
await app.listen({ host: config.host, port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
console.log(`BENCH_READY ${JSON.stringify({ port, password: BENCH_PASSWORD, accounts: accounts.map(({ email, deviceKey }) => ({ email, deviceKey })) })}`);

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await app.close();
  // Logins whose client hung up when the run ended may still be running: let them finish
  // before the database goes away.
  await sleep(2000);
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
