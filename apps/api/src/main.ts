import { seedReferenceData, seedSandbox } from "@pinjaman/db";
import { prepareAddressData } from "@pinjaman/db/address-data";
import { buildApp } from "./app.ts";
import { startJobRunner, type JobRunner } from "./jobs/job-runner.ts";
import { ConfigError, SANDBOX_COMPANY_API_KEY } from "./config.ts";
import { seedSandboxAccounts } from "./modules/accounts/sandbox-accounts.ts";
import { ensureSandboxApiKey } from "./modules/company/api-keys.ts";
import { businessNow } from "./modules/business-clock/business-clock.ts";
import { seedSandboxBook } from "./modules/sandbox-book/sandbox-book.ts";
import { EX_CONFIG, loadConfigOrReport, openConfiguredDatabase } from "./open-configured-database.ts";
import { mountWeb, webBuildExists } from "./web.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfigOrReport();
  if (!config) process.exit(EX_CONFIG);
  const database = await openConfiguredDatabase(config);
  if (typeof database === "number") process.exit(database);
  await database.migrate();
  if (config.sandbox && (await seedSandbox(database.db))) console.info("Seeded the sandbox data.");
  // Outside the sandbox a new database gets the products and company details, nothing else (README: Running in production).
  if (!config.sandbox && (await seedReferenceData(database.db, config.company))) {
    console.info("Stored the reference data on a new database: the products and the company details (COMPANY_*).");
  }
  if (config.sandbox && (await seedSandboxAccounts(database.db))) {
    await seedSandboxBook(database.db, (await businessNow(database.db, { sandbox: true })).date, { platformFeePpm: config.platformFeePpm });
    console.info("Seeded the sandbox accounts and Budi's active loan (README: Sandbox accounts).");
  }
  if (config.sandbox && (await ensureSandboxApiKey(database.db))) {
    console.info(`Stored the sandbox company API key ${SANDBOX_COMPANY_API_KEY} (every scope; README: Company services and API keys).`);
  }
  // The Kemendagri areas on a new database; postal codes from POSTAL_CODES_CSV when it exists.
  const addresses = await prepareAddressData(database.db, { postalCodesCsv: config.postalCodesCsv });
  if (addresses.areasLoaded) console.info("Loaded the Kemendagri 2025 address areas.");
  if (addresses.postalCodes === "imported") console.info(`Imported postal codes from ${config.postalCodesCsv}.`);

  // The process tests (NODE_ENV=test) run before the site is built: they get the API alone.
  const withSite = config.nodeEnv !== "test";
  if (withSite && !webBuildExists()) {
    console.error("The web build is missing: run `npm run build` (npm start does it for you).");
    await database.close();
    process.exit(1);
  }
  let app;
  try {
    app = await buildApp({ db: database.db, config, ...(withSite ? { web: mountWeb } : {}) });
  } catch (error) {
    // An adapter that cannot work with this configuration (no mail provider outside the sandbox).
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(EX_CONFIG);
  }

  // A deployment outside the sandbox that knowingly runs some providers simulated says so at every start.
  if (config.simulatedProviders.length > 0) {
    app.log.warn({ simulatedProviders: config.simulatedProviders }, `running simulated providers outside the sandbox: ${config.simulatedProviders.join(", ")} (SIMULATED_PROVIDERS)`);
  }

  // The jobs (pg-boss in the same database), after the app so its logger and job list are there.
  let jobs: JobRunner | undefined;
  if (config.jobs) {
    try {
      jobs = await startJobRunner({ database, jobs: app.jobs, sandbox: config.sandbox, log: app.log, integrations: app.jobIntegrations });
    } catch (error) {
      console.error(`Cannot start the job runner: ${(error as Error).message}`);
      await app.close();
      await database.close();
      process.exit(1);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      // Before the database closes: no new job is taken, running ones finish (or are retried).
      await jobs?.stop(SHUTDOWN_GRACE_MS / 2);
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    await jobs?.stop();
    await database.close();
    process.exit(1);
  }
  app.log.info(`Pinjaman is serving ${config.publicOrigin}${config.sandbox ? " (sandbox)" : ""}`);
}

void main();
