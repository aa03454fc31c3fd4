import { availableParallelism } from "node:os";
import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";

// CI collects every runner's counts for its closing "N passed, N failed" line.
const reportDir = process.env.CI_REPORT_DIR;
const reporters: NonNullable<ViteUserConfig["test"]>["reporters"] = reportDir
  ? ["default", ["json", { outputFile: `${reportDir}/vitest-${process.pid}-${Date.now()}.json` }]]
  : ["default"];

export default defineConfig({
  test: {
    reporters,
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, whose load
    // then stayed near 1. The test files wait on PGlite, argon2id and the network often enough
    // that a worker per core keeps both busy.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts"],
          environment: "node",
          // Property tests run thousands of cases; on two busy cores 5 s is not enough for some.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["apps/web/component-test-setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/**/*.test.ts"],
          // `*.postgres.test.ts`: what only a PostgreSQL server can show (several processes on one
          // database); they run in the PostgreSQL pass (TEST_DATABASE_URL), not on PGlite.
          exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, "apps/api/**/*.postgres.test.ts"],
          environment: "node",
          // One migrated, seeded template database per run; each file gets a copy (decision 0004).
          globalSetup: ["apps/api/test/global-setup.ts"],
          // One PGlite per file; files run in parallel on the two cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
