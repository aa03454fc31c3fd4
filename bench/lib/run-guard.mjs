// What every benchmark run needs around it: everything started is stopped in reverse order on
// success, failure, a signal or the overall time limit, and metrics are summarised by median.
import { setTimeout } from "node:timers";

/**
 * `cleanups` takes stop functions as things start; `cleanup()` runs them once (after `first`,
 * e.g. killing browsers). SIGINT/SIGTERM and the time limit stop the run the same way.
 */
export function guardRun({ name, timeoutMs, first = () => {} }) {
  const log = (...args) => console.error(`[${name}]`, ...args);
  const cleanups = [];
  let cleaning = null;
  const cleanup = () => {
    cleaning ??= (async () => {
      await Promise.resolve().then(first).catch((e) => log("cleanup:", e.message));
      for (const stop of cleanups.reverse()) await Promise.resolve().then(stop).catch((e) => log("cleanup:", e.message));
    })();
    return cleaning;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      log(`${signal}: stopping`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  setTimeout(() => {
    log(`gave up after ${timeoutMs / 1000} s`);
    void cleanup().finally(() => process.exit(1));
  }, timeoutMs).unref();
  // True once stopping has begun (a failure then is the abort's doing, not the run's).
  const stopping = () => cleaning !== null;
  return { log, cleanups, cleanup, stopping };
}

/** Median of the numbers among `values`; null when there are none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const ROOT = new URL("../..", import.meta.url).pathname;

/** Writes bench/results/<name>-<time>.json and says where. */
export async function writeResults(name, startedAt, report) {
  const { mkdir, writeFile } = await import("node:fs/promises");
  const dir = `${ROOT}bench/results`;
  await mkdir(dir, { recursive: true });
  const file = `${dir}/${name}-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults: ${file.slice(ROOT.length)}`);
}

/** Runs a benchmark's main under its guard: a failure sets the exit code, and everything started is stopped. */
export async function runGuarded(main, { log, stopping, cleanup }) {
  try {
    await main();
  } catch (error) {
    if (!stopping()) log("failed:", error?.stack ?? error);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}
