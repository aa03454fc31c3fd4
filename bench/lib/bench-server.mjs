// A benchmark's server process: spawned with tsx, ready once it prints `BENCH_READY {json}`;
// `BENCH_STATS {json}` lines are kept for `stop()`, anything else goes to stderr.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * Starts `script` (relative to the repository) and resolves with its BENCH_READY data, its pid and
 * `stop()`, which ends it and resolves with its last BENCH_STATS. `cleanups` gets `stop` at once.
 */
export function startBenchServer({ script, env, nodeArgs = [], cleanups }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", `${ROOT}${script}`], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stats = null;
    const stop = () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done(stats);
        child.once("exit", () => done(stats));
        child.kill("SIGTERM");
      });
    cleanups.push(stop);
    let ready = false;
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!ready && line.startsWith("BENCH_READY ")) {
        ready = true;
        resolve({ ...JSON.parse(line.slice("BENCH_READY ".length)), pid: child.pid, stop });
      } else if (line.startsWith("BENCH_STATS ")) {
        stats = JSON.parse(line.slice("BENCH_STATS ".length));
      } else {
        process.stderr.write(`[server] ${line}\n`);
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!ready) reject(new Error(`the bench server exited before it was ready (code ${code})`));
    });
  });
}
