import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

// One fresh embedded database per run, shared by the main process and its workers.
process.env.E2E_RUN_ID ??= String(Date.now());
const port = Number(process.env.E2E_PORT ?? 3210);
const reportDir = process.env.CI_REPORT_DIR;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A 2-core CI machine runs two browsers, the server and argon2id at once: a login alone can take seconds.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: reportDir
    ? [["list"], ["json", { outputFile: join(reportDir, `playwright-${Date.now()}.json`) }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "id-ID",
    timezoneId: "Asia/Jakarta",
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // The main server, and two more for tests that move the sandbox's business clock far
  // (e2e/support/clock-server.ts: the lender's journey, the operator's), so no other test sees the move.
  webServer: [0, 1, 2].map((n) => ({
    // The compiled server production runs (`npm run test:e2e` builds it first).
    command: "node --enable-source-maps apps/api/dist/main.js",
    url: `http://127.0.0.1:${port + n}/tkb.php`,
    reuseExistingServer: false,
    // A fresh database loads the Kemendagri areas and the postal codes first (10–30 s on PGlite).
    timeout: 300_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port + n),
      PGLITE_DIR: join(tmpdir(), `pinjaman-e2e-${process.env.E2E_RUN_ID}-${n}`),
      UPLOAD_DIR: join(tmpdir(), `pinjaman-e2e-uploads-${process.env.E2E_RUN_ID}-${n}`),
      LOG_LEVEL: "warn",
    },
  })),
});
