/* global fetch, AbortSignal */
// Driving a bench server with autocannon on the loopback interface, one measured row at a time:
// a fresh server process, one checked call, a warm-up (not counted: the first seconds run on cold
// JIT and an empty connection pool), then the measured run.

/** One JSON call; throws with the answer unless it is 2xx. */
export async function call(origin, method, path, headers, body) {
  const response = await fetch(origin + path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * `connections` connections for `durationS` seconds; `setupRequest(context)` answers each
 * request's `{ path, body, headers }`, `onResponse(status, body, context)` sees each answer
 * (optional). `context` is the connection's own object (one request in flight per connection).
 */
export async function runLoad({ origin, method, connections, durationS, setupRequest, onResponse, cleanups }) {
  const { default: autocannon } = await import("autocannon");
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: durationS,
        timeout: 30,
        requests: [
          {
            method,
            setupRequest: (request, context) => {
              const next = setupRequest(context);
              return { ...request, ...next, headers: { ...request.headers, "content-type": "application/json", ...next.headers } };
            },
            ...(onResponse ? { onResponse: (status, body, context) => onResponse(status, body, context) } : {}),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    cleanups.push(() => instance.stop());
  });
}

/**
 * One row: `start()` a server process (bench-server.mjs), `check(origin)` one call, warm up, run,
 * stop the server; `load.beforeRun()` (optional) is called between warm-up and run. Answers the row's figures; `errors` counts non-2xx answers, socket errors and
 * timeouts, `statusCodes` has them by status.
 */
export async function measureRow({ label, start, check, load, connections, warmupS, durationS, log, cleanups }) {
  const server = await start();
  const origin = `http://127.0.0.1:${server.port}`;
  await check(origin);
  log(`${label}: warm-up ${warmupS} s, then ${connections} connections for ${durationS} s…`);
  const { method, setupRequest, onResponse } = load;
  const run = (seconds) => runLoad({ origin, method, setupRequest, onResponse, connections, durationS: seconds, cleanups });
  const warmup = warmupS > 0 ? await run(warmupS) : null;
  load.beforeRun?.();
  const result = await run(durationS);
  const stats = await server.stop();
  const sent = 1 + (warmup?.requests.sent ?? 0) + result.requests.sent;
  const errors = result.non2xx + result.errors + result.timeouts;
  const row = {
    route: label,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors,
    errorDetail: { non2xx: result.non2xx, socketErrors: result.errors, timeouts: result.timeouts, statusCodes: result.statusCodeStats },
    responseBytes: result.throughput.total / Math.max(1, result.requests.total),
    // Counted in the server over the check, the warm-up and the run, per request sent.
    queriesPerRequest: stats ? stats.queries / sent : null,
    queryMsPerRequest: stats ? stats.queryMs / sent : null,
  };
  log(`${label}: ${row.requests} requests, ${row.requestsPerSecond.toFixed(0)}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${errors} non-2xx/errors`);
  return { row, server };
}
