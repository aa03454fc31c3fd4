import { errorBody } from "@pinjaman/contracts/errors";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANY_API_KEY } from "../../src/config.ts";
import { SESSION_API_PREFIXES } from "../../src/plugins/no-store.ts";
import { ensureSandboxPartner, SANDBOX_PARTNER } from "../../src/modules/partners/partner-keys.ts";
import { SANDBOX_ACCOUNTS } from "../../src/modules/accounts/sandbox-accounts.ts";
import { sessionFor } from "../../src/modules/identity/test-sessions.ts";
import { testApp, type TestApp } from "../harness.ts";
import { sweepRequests, type Caller, type SweepContext, type SweepRequest } from "./bad-requests.ts";
import { installChangeLog, takeChanges, type Change } from "./change-log.ts";
import { documentOperations } from "./openapi-operations.ts";

/**
 * The bad-input sweep (issue 7): every operation of the OpenAPI document, called anonymously and
 * as each sandbox role with generated bad input. No 5xx, every error in the one envelope, and a
 * refused request changes nothing. SWEEP_SEED=<n> replays a run; SWEEP_REQUESTS=<n> sizes it.
 */
const SEED = process.env.SWEEP_SEED ? Number(process.env.SWEEP_SEED) : Math.floor(Math.random() * 2 ** 31);
const REQUESTS = Number(process.env.SWEEP_REQUESTS ?? 10_000);

/**
 * Writes a refusal is meant to make: counting an attempt toward its limit (throttles), recording a
 * failed login or signature attempt and its code (authentications, signatures), and a session's
 * last use on any authenticated call, a company API key's last use (once a minute) on any call with it.
 */
const REFUSAL_MAY_WRITE = new Set(["throttles:INSERT", "throttles:UPDATE", "throttles:DELETE", "api_keys:UPDATE", "partner_api_keys:UPDATE"]);

let t: TestApp;
let ctx: SweepContext;

async function callersOf(): Promise<Caller[]> {
  await ensureSandboxPartner(t.app.db, "https://sandbox-partner.example/hook");
  // A partner with the sandbox company key (every scope), so bad input reaches the company services' validation.
  const callers: Caller[] = [
    { name: "anonymous", headers: {}, roleIds: [] },
    { name: "company key", headers: { "x-api-key": SANDBOX_COMPANY_API_KEY }, roleIds: [] },
    // The sandbox partner, so bad input reaches the partner API's validation.
    { name: "partner key", headers: { "x-api-key": SANDBOX_PARTNER.key }, roleIds: [] },
  ];
  for (const account of SANDBOX_ACCOUNTS) {
    const session = await sessionFor(t.app.db, account.email);
    callers.push({ name: account.email, headers: session.headers, cookie: session.cookie, roleIds: Object.values(session.roles) });
  }
  return callers;
}

/** Real values for path parameters: keys of flows and products, ids of stored rows. */
async function pathValuesOf(callers: Caller[]): Promise<Record<string, string[]>> {
  const db = t.app.db;
  const column = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { v: string }[] }).rows.map((r) => String(r.v));
  const flowKeys = await column(sql`select key as v from flows order by key`);
  // Something to point at: a progress of every flow, anonymous and as each customer.
  for (const key of flowKeys) {
    await t.app.inject({ method: "POST", url: `/pub_api/v1/open/flows/${key}/flow_progresses`, payload: { data: {} } });
    for (const caller of callers.filter((c) => c.cookie)) {
      await t.app.inject({ method: "POST", url: `/app_api/v1/flows/${key}/flow_progresses`, headers: caller.headers, payload: { data: {} } });
    }
  }
  const uuidTables = await column(
    sql`select table_name as v from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'`,
  );
  const ids: string[] = [];
  for (const table of uuidTables) ids.push(...(await column(sql`select id::text as v from ${sql.identifier(table)} limit 2`)));
  return {
    productKey: await column(sql`select key as v from products order by key`),
    key: flowKeys,
    flowKey: flowKeys,
    method: ["emailpass", "sms", "email", "phone", "peruri"],
    id: ids,
    movementId: ["next", "back", ...ids.slice(0, 3)],
  };
}

type Failure = { index: number; request: SweepRequest; status: number; problem: string; body: string };


function excerpt(value: string | Buffer | undefined, max = 300): string {
  if (value === undefined) return "(none)";
  const text = typeof value === "string" ? value : value.toString("utf8");
  const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
  return shown;
}

function report(f: Failure): string {
  return [
    `#${f.index} ${f.problem} (status ${f.status}) — SWEEP_SEED=${SEED}`,
    `  ${f.request.method} ${excerpt(f.request.url, 200)} as ${f.request.caller}: ${f.request.bend}`,
    `  headers ${JSON.stringify(f.request.headers)}`,
    `  body ${excerpt(f.request.payload)}`,
    `  answer ${excerpt(f.body, 300)}`,
  ].join("\n");
}

/** What is wrong with one answer, if anything (changes are checked per batch, below). */
function problemOf(url: string, status: number, headers: Record<string, unknown>, body: string): string | null {
  if (status >= 500) return "server error";
  // Every answer of the session APIs, refusals included, may hold personal data (issue 17 item 6).
  if (SESSION_API_PREFIXES.some((prefix) => url.startsWith(prefix)) && !String(headers["cache-control"] ?? "").includes("no-store")) return "no Cache-Control: no-store";
  const contentType = headers["content-type"] as string | undefined;
  if (status < 400) return null;
  if (!contentType?.startsWith("application/json")) return `error not JSON (${contentType ?? "no content type"})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "error body not JSON";
  }
  const inner = (parsed as { error?: object } | null)?.error;
  const exact = errorBody.strict().safeParse(parsed).success && inner && Object.keys(inner).every((k) => ["code", "message", "fields"].includes(k));
  return exact ? null : "error outside the envelope";
}

/** Requests between two reads of the change log: every accepted request flushes it at once. */
const BATCH = 100;

type Sent = { index: number; request: SweepRequest; status: number; body: string; from: number; to: number };

/**
 * The refused requests of a batch that changed the database: whatever the log holds was written
 * during a refusal, matched to its request by time (1 ms of slack either side).
 */
function writersOf(batch: Sent[], changes: Change[]): Failure[] {
  const writes = changes.filter((c) => !REFUSAL_MAY_WRITE.has(`${c.table}:${c.op}`));
  if (writes.length === 0) return [];
  const failures = batch.flatMap((sent) => {
    const mine = writes.filter((c) => c.at >= sent.from - 1 && c.at <= sent.to + 1);
    if (mine.length === 0) return [];
    const tables = [...new Set(mine.map((c) => `${c.table} ${c.op}`))].join(", ");
    return [{ ...sent, problem: `refused request changed ${tables}` }];
  });
  return failures.length > 0 ? failures : batch.slice(-1).map((sent) => ({ ...sent, problem: `a refused request in this batch changed ${writes.map((c) => c.table).join(", ")}` }));
}

describe("bad-input sweep over the OpenAPI document", () => {
  beforeAll(async () => {
    t = await testApp();
    const callers = await callersOf();
    ctx = { callers, pathValues: await pathValuesOf(callers) };
    await installChangeLog(t.app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers every generated bad request with a 4xx envelope and changes nothing on refusal", { timeout: 900_000 }, async () => {
    const operations = documentOperations(t.app);
    expect(operations.length).toBeGreaterThanOrEqual(45);
    const requests = sweepRequests(operations, ctx, SEED, REQUESTS);
    const started = Date.now();
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    let batch: Sent[] = [];
    await takeChanges(t.app.db);
    for (const [index, request] of requests.entries()) {
      const from = Date.now();
      // A request that never answers shows itself: SWEEP_TRACE=1 prints each before it is sent.
      if (process.env.SWEEP_TRACE) process.stderr.write(`#${index} ${request.method} ${request.url.slice(0, 120)} ${request.bend}\n`);
      const response = await t.app.inject({
        method: request.method as "GET",
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      const sent = { index, request, status: response.statusCode, body: response.body, from, to: Date.now() };
      statuses.set(sent.status, (statuses.get(sent.status) ?? 0) + 1);
      const problem = problemOf(request.url, sent.status, response.headers, sent.body);
      if (problem) failures.push({ ...sent, problem });
      if (sent.status < 400) await takeChanges(t.app.db);
      else batch.push(sent);
      if (batch.length >= BATCH || index === requests.length - 1) {
        failures.push(...writersOf(batch, await takeChanges(t.app.db)));
        batch = [];
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ");
    console.log(`bad-input sweep (${t.database.label}): ${requests.length} requests over ${operations.length} operations in ${seconds} s, SWEEP_SEED=${SEED}; ${byStatus}`);
    // One example per kind of failure and operation keeps the report readable.
    const seen = new Set<string>();
    const examples = failures.filter((f) => {
      const kind = `${f.problem}|${f.status}|${f.request.operation}`;
      if (seen.has(kind)) return false;
      seen.add(kind);
      return true;
    });
    expect(failures.length, `${failures.length} failing requests, SWEEP_SEED=${SEED}:\n${examples.slice(0, 40).map(report).join("\n")}`).toBe(0);
  });
});
