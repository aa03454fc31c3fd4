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
const failures = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  if (file.startsWith("vitest-")) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    for (const suite of report.testResults ?? [])
      for (const test of suite.assertionResults ?? [])
        if (test.status === "failed") failures.push(`${suite.name}: ${test.fullName}`);
  } else if (file.startsWith("playwright-")) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    collectPlaywrightFailures(report.suites ?? [], failures);
  }
}
// The failing tests are named right above the closing line: CI shows only the tail of the log.
for (const name of failures) console.log(`FAILED ${name}`);
const reportedFailures = failed;
for (const code of stepCodes) if (code !== "0" && reportedFailures === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);

function collectPlaywrightFailures(suites, into) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") into.push(`${spec.file}: ${spec.title} (${test.projectName})`);
    collectPlaywrightFailures(suite.suites ?? [], into);
  }
}
