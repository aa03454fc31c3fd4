import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * One process at a time on a PGlite data directory: two processes on the same directory each see
 * only their own writes and leave it unopenable. The lock is a file beside the directory
 * (`<dir>.lock`, PGlite's own directory stays untouched) holding the holder's pid. It is created
 * atomically (a hard link of a complete temporary file, which fails when the lock exists), so two
 * starts never both win; a lock whose pid is no longer alive (a killed process) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(`the data directory ${dataDir} is in use by another process (pid ${holderPid}); stop it first`);
  }
}

export type DataDirLock = { path: string; release(): void };

/** Recovery of a stale lock is itself serialised by this directory; one left by a crash mid-recovery expires. */
const RECOVERY_EXPIRES_MS = 10_000;
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function tryCreate(lockPath: string): boolean {
  const temporary = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(temporary, `${process.pid}\n`);
  try {
    linkSync(temporary, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** Removes the lock when its holder is still `stalePid` (checked again under the recovery mutex). */
function removeStale(lockPath: string, stalePid: number): void {
  const mutex = `${lockPath}.recovery`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (Date.now() - statSync(mutex, { throwIfNoEntry: false })!.mtimeMs > RECOVERY_EXPIRES_MS) rmdirSync(mutex);
    return; // another process is recovering: the caller tries again
  }
  try {
    if (readHolder(lockPath) === stalePid) unlinkSync(lockPath);
  } finally {
    rmdirSync(mutex);
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  const lockPath = `${dir}.lock`;
  if (heldHere.has(lockPath)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(lockPath)) {
      heldHere.add(lockPath);
      return {
        path: lockPath,
        release() {
          if (!heldHere.delete(lockPath)) return;
          if (readHolder(lockPath) === process.pid) unlinkSync(lockPath);
        },
      };
    }
    const holder = readHolder(lockPath);
    if (holder === null) continue; // released meanwhile
    // Our own pid in a lock we do not hold: a previous process with the same pid (a restarted container).
    if (holder !== 0 && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    removeStale(lockPath, holder);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  throw new Error(`could not take the lock ${lockPath}`);
}
