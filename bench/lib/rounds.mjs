// Latency benches that compare books of different sizes served at once (bench:dashboard,
// bench:lender-statistics): a fixed number of requests per round with every 2xx latency kept at
// microsecond precision (autocannon's own percentiles are whole milliseconds, too coarse for a
// 5 ms p99), rounds alternating between the books so whatever else runs on the machine weighs on
// both alike, and a book's p50/p99 the medians of its rounds'.
import autocannon from "autocannon";
import { median } from "./run-guard.mjs";

/** The `p`-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
const round2 = (ms) => Math.round(ms * 100) / 100;

/**
 * `amount` requests of `method path` over `connections`; `setupRequest(n)` answers the n-th
 * request's `{ body, headers }`. Answers autocannon's result and the 2xx latencies, ascending.
 */
export function timedRequests({ origin, method, path, connections, amount, timeoutS, setupRequest, verifyBody, cleanups }) {
  let next = 0;
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        amount,
        timeout: timeoutS,
        requests: [
          {
            method,
            path,
            setupRequest: (request) => {
              const { body, headers } = setupRequest(next++);
              return { ...request, ...(body !== undefined ? { body } : {}), headers: { ...request.headers, ...headers } };
            },
          },
        ],
        verifyBody,
      },
      (error, result) => (error ? reject(error) : resolve({ result, latencies: latencies.sort((a, b) => a - b) })),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
    cleanups.push(() => instance.stop());
  });
}

/** `rounds` rounds of `run(target)` per target, alternating; answers each target's rounds by its scale. */
export async function alternatingRounds({ targets, rounds, run, label, log }) {
  const byScale = new Map(targets.map((t) => [t.scale, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const { result, latencies } = await run(target);
      const measured = { result, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
      byScale.get(target.scale).push(measured);
      log(`${label ? `${label} ` : ""}round ${round + 1}/${rounds} ×${target.scale}: p50 ${measured.p50.toFixed(2)} ms, p99 ${measured.p99.toFixed(2)} ms`);
    }
  }
  return byScale;
}

/** A book's figures over its rounds. */
export function summariseRounds(results) {
  const total = (pick) => results.reduce((sum, r) => sum + pick(r), 0);
  return {
    requests: total((r) => r.result.requests.total),
    p50Ms: round2(median(results.map((r) => r.p50))),
    p99Ms: round2(median(results.map((r) => r.p99))),
    p99RoundsMs: results.map((r) => round2(r.p99)),
    requestsPerSecond: median(results.map((r) => r.result.requests.average)),
    errors: total((r) => r.result.non2xx + r.result.errors + r.result.timeouts + r.result.mismatches),
  };
}
