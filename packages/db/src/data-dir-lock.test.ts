import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";
import { openDb } from "./open-db.ts";

const lockModule = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));

function freshDir(): string {
  return join(mkdtempSync(join(tmpdir(), "pinjaman-lock-")), "pglite");
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(run.stdout);
}

describe("the PGlite data directory lock", () => {
  it("refuses a second holder, naming the directory and the holder's pid, and frees the directory on release", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`the data directory ${dir} is in use by another process (pid ${process.pid})`);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir).release();
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const dir = freshDir();
    writeFileSync(`${dir}.lock`, `${deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("lets exactly one of several processes starting at once take the directory", async () => {
    const dir = freshDir();
    // Each process reports, then holds on until every one has reported: a slow starter must
    // meet the winner's lock, never a directory the winner already let go of.
    const script = `
      import { lockDataDir } from ${JSON.stringify(lockModule)};
      try { lockDataDir(${JSON.stringify(dir)}); console.log("won"); }
      catch (error) { console.log(error.constructor.name); }
      process.stdin.resume(); process.stdin.on("end", () => process.exit(0));`;
    const children = Array.from({ length: 6 }, () =>
      spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["pipe", "pipe", "inherit"] }),
    );
    const outcomes = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = "";
            child.stdout.on("data", (chunk: Buffer) => {
              out += chunk.toString();
              if (out.includes("\n")) resolve(out.trim());
            });
            child.on("exit", () => resolve(out.trim()));
          }),
      ),
    );
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            child.on("exit", resolve);
            child.stdin.end();
          }),
      ),
    );
    expect(outcomes.filter((o) => o === "won")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "DataDirLockedError")).toHaveLength(5);
  }, 60_000);

  it("is taken by openDb on a PGlite directory and released by close; memory databases take none", async () => {
    const dir = freshDir();
    const database = await openDb({ dataDir: dir });
    await expect(openDb({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await database.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDb({ dataDir: dir });
    await again.close();
    const memory = await openDb({ dataDir: "memory://" });
    await memory.close();
  }, 120_000);
});
