import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code, or the signal's name when killed by one, once all its output is read. */
  exited: Promise<number | string>;
};

/** A port free at the time of asking. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The real server process (apps/api/src/main.ts) in test mode: the API without the site, the
 * sandbox, no postal-code import. `env` names the database (PGLITE_DIR or DATABASE_URL).
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      SANDBOX: "1",
      LOG_LEVEL: "warn",
      POSTAL_CODES_CSV: "/nonexistent/postal-codes.csv",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // "close", not "exit": the process may have ended while its last lines still sit in the pipes, and
  // tests read output() as soon as this resolves.
  const exited = new Promise<number | string>((resolve) => child.once("close", (code, signal) => resolve(code ?? signal ?? "unknown")));
  return { child, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until GET /readyz answers 200 (a fresh database loads the address areas first). */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 240_000): Promise<void> {
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`the server stopped before it was ready:\n${server.output()}`);
    try {
      if ((await fetch(`${server.origin}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready in time:\n${server.output()}`);
}
