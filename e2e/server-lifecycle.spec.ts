import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";

// Its own server beside the suite's (E2E_PORT), so parallel runs on one machine do not collide.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 81;

/** A fresh database migrates, seeds and loads the address areas first: on a busy 2-core CI machine that takes a while. */
async function waitUntilServing(): Promise<void> {
  for (let i = 0; i < 900; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/tkb.php`);
      if (res.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

test("SIGTERM finishes a request in flight, then closes the database and exits 0", async () => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), "pinjaman-shutdown-"));
  // The compiled server, as production runs it (`npm run test:e2e` builds it first).
  const server = spawn(process.execPath, ["apps/api/dist/main.js"], {
    // Info logs on a pipe: "incoming request" tells when the server holds the request.
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), PGLITE_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = exitCode(server);
  await waitUntilServing();

  const body = JSON.stringify({ data: { name: "Budi Santoso", contact: "0812345678", message: "Pesan saat server berhenti", page_path: "/" } });
  const socket = connect(PORT, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  // Half the body now, the rest after SIGTERM: the request is in flight when the signal lands.
  socket.write(
    `POST /pub_api/v1/open/support_requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 20)}`,
  );
  // Signal only once the server has the request (a fixed pause may not be enough on a loaded
  // machine: a connection whose request was not read yet is idle, and closing drops it).
  const received = () => output.split("\n").some((line) => line.includes('"incoming request"') && line.includes("/pub_api/v1/open/support_requests"));
  await expect.poll(received, { timeout: 60_000, intervals: [20] }).toBe(true);
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 300));
  socket.write(body.slice(20));
  await ended;

  expect(answer).toMatch(/^HTTP\/1\.1 201/);
  expect(await exited).toBe(0);

  // The database was closed cleanly: it reopens and holds the message.
  const db = await PGlite.create(dataDir);
  const rows = await db.query<{ message: string }>("select message from support_requests");
  expect(rows.rows.map((r) => r.message)).toEqual(["Pesan saat server berhenti"]);
  await db.close();
});
