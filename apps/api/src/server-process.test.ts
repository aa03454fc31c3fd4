import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, schema, type Database } from "@pinjaman/db";
import { lockDataDir } from "@pinjaman/db/data-dir-lock";
import { createScratchDatabase, type ScratchDatabase } from "@pinjaman/db/scratch-database";
import { count, inArray } from "drizzle-orm";
import { currentOccurrence } from "@pinjaman/domain/business-clock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, waitUntilReady, type ServerProcess } from "../test/server-process.ts";

/**
 * The real server process on the database under test: PGlite in a directory of its own, or a
 * scratch database on the PostgreSQL server of TEST_DATABASE_URL.
 */
let databaseEnv: Record<string, string>;
let scratch: ScratchDatabase | undefined;
let pgliteParent: string | undefined;
const label = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, "pinjaman_process");
    databaseEnv = { DATABASE_URL: scratch.url };
  } else {
    pgliteParent = mkdtempSync(join(tmpdir(), "pinjaman-process-"));
    databaseEnv = { PGLITE_DIR: join(pgliteParent, "pglite") };
  }
});

afterAll(async () => {
  await scratch?.drop();
  if (pgliteParent) rmSync(pgliteParent, { recursive: true, force: true });
});

function openTested(): Promise<Database> {
  return openDb(scratch ? { url: scratch.url } : { dataDir: databaseEnv.PGLITE_DIR! });
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

const FLOW_PROGRESSES = "/pub_api/v1/open/flows/spl_onboarding/flow_progresses";
const LOGIN = "/authy_api/v1/authentication_methods/emailpass/authentications";
const BUDI = { email: "budi@pinjaman.test", password: "Pinjaman-Budi-2026" };
const SARI = { email: "sari@pinjaman.test", password: "Pinjaman-Sari-2026" };
const OPERATOR = { email: "operator@pinjaman.test", password: "Pinjaman-Operator-2026" };

describe(`the server process (${label})`, () => {
  it("refuses to start on a PGlite directory another process holds, naming it and the holder (exit 75)", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "pinjaman-held-")), "pglite");
    const lock = lockDataDir(dir);
    try {
      const server = await startServer({ PGLITE_DIR: dir });
      expect(await server.exited).toBe(75);
      expect(server.output()).toContain(`Cannot open the database (PGlite at ${dir}): the data directory ${dir} is in use by another process (pid ${process.pid})`);
    } finally {
      lock.release();
    }
  });

  it("keeps every write it acknowledged when killed with SIGKILL under concurrent writes, and starts again", async () => {
    const server = await startServer(databaseEnv);
    await waitUntilReady(server);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async () => {
      while (!killed) {
        try {
          const res = await fetch(`${server.origin}${FLOW_PROGRESSES}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ data: {} }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { data: { id: string } }).data.id);
        } catch {
          // refused or cut off by the kill: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill("SIGKILL");
    expect(await server.exited).toBe("SIGKILL");
    killed = true;
    await Promise.all(writers);

    // A PGlite lock left by the killed process is taken over; the data opens.
    const restarted = await startServer(databaseEnv);
    await waitUntilReady(restarted);
    const after = await fetch(`${restarted.origin}${FLOW_PROGRESSES}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: {} }),
    });
    expect(after.status).toBe(201);
    await stop(restarted);

    const database = await openTested();
    try {
      const rows = await database.db
        .select({ id: schema.flowProgresses.id })
        .from(schema.flowProgresses)
        .where(inArray(schema.flowProgresses.id, acknowledged));
      expect(rows.length).toBe(acknowledged.length);
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(acknowledged));
    } finally {
      await database.close();
    }
  }, 600_000);

  it("on SIGTERM finishes the logins in flight, answered or abandoned by their client, before closing the database, and exits 0", async () => {
    const server = await startServer({ ...databaseEnv, LOG_LEVEL: "info" });
    await waitUntilReady(server);
    const { port } = new URL(server.origin);
    const login = (account: { email: string; password: string }) => {
      const body = JSON.stringify({ data: account });
      const head = `POST ${LOGIN} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Locale: id\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("error", () => undefined);
      const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(answer)));
      return { socket, head, body, closed };
    };
    // The request log shows the route's pattern, never the method's value (decision 0035).
    const loggedAs = LOGIN.replace("/emailpass/", "/:method/");
    const arrived = () => server.output().split("\n").filter((line) => line.includes('"incoming request"') && line.includes(loggedAs)).length;

    // A keep-alive client whose body is still arriving when the signal lands: it waits for its answer.
    const answered = login(BUDI);
    answered.socket.write(answered.head + answered.body.slice(0, 10));
    // Three clients that send a login and go away before the answer (a phone losing its network).
    for (const account of [BUDI, SARI, OPERATOR]) {
      const abandoned = login(account);
      abandoned.socket.write(abandoned.head + abandoned.body);
      setTimeout(() => abandoned.socket.destroy(), 30);
    }
    // Signal once the server has the four requests (an abandoned one may be gone before it is read).
    for (const until = Date.now() + 20_000; arrived() < 4 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 5));
    const received = arrived();
    expect(received).toBeGreaterThanOrEqual(2);
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    answered.socket.write(answered.body.slice(10));

    const answer = await answered.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 202 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"status":"code_required"');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/"level":50|request failed|shutdown failed/);

    const database = await openTested();
    try {
      const [stored] = await database.db.select({ n: count() }).from(schema.authentications);
      // Every login the server received did its work (one authentication each).
      expect(stored!.n).toBe(received);
    } finally {
      await database.close();
    }
  }, 600_000);

  it("with the job runner on, runs today's housekeeping once and stops it on SIGTERM before the database closes (exit 0)", async () => {
    // Today's occurrence as of the start and the end of the test: they differ only when the test
    // runs across 01:00 Jakarta, and then the server may owe (and run) both.
    const firstOwed = currentOccurrence({ daily: "01:00" }, new Date()).key;
    const server = await startServer({ ...databaseEnv, JOBS: "1", LOG_LEVEL: "info" });
    await waitUntilReady(server);
    const ran = () => server.output().split("\n").filter((line) => line.includes('"job occurrence"') && line.includes('"job":"housekeeping"'));
    for (const until = Date.now() + 60_000; ran().length === 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran().length).toBeGreaterThanOrEqual(1);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/"level":50|job runner error|shutdown failed/);
    const lastOwed = currentOccurrence({ daily: "01:00" }, new Date()).key;

    const database = await openTested();
    try {
      const runs = await database.db.select().from(schema.jobRuns);
      const occurrences = runs.filter((r) => r.jobName === "housekeeping").map((r) => r.occurrence).sort();
      if (firstOwed === lastOwed) expect(occurrences).toEqual([firstOwed]);
      else expect([[firstOwed], [lastOwed], [firstOwed, lastOwed]]).toContainEqual(occurrences);
      // Once each: one log line per run.
      expect(ran().length).toBe(occurrences.length);
    } finally {
      await database.close();
    }
  }, 600_000);
});
