// Sums the JSON reports that Vitest and Playwright wrote into CI_REPORT_DIR and prints the
// closing line CI reads: "N passed, N failed". The remaining arguments are the exit codes of
// the steps: a step that failed without a failing test (typecheck, lint, build, a crashed
// runner) counts as one failure, so a red step can never print "0 failed".
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [dir, ...stepCodes] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  if (file.startsWith("vitest-")) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } else if (file.startsWith("playwright-")) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
const reportedFailures = failed;
for (const code of stepCodes) if (code !== "0" && reportedFailures === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
