import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("./main.ts", import.meta.url));

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", main], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("server start with bad configuration", () => {
  it("stops on a bad PORT with a clear message and no stack trace", () => {
    const run = start({ PORT: "eighty" });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain("Invalid configuration:");
    expect(run.stderr).toMatch(/PORT: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("stops on a DATABASE_URL that is not PostgreSQL", () => {
    const run = start({ DATABASE_URL: "mysql://root@localhost/db" });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
  });

  it("stops on a PUBLIC_ORIGIN that is not a bare http(s) origin and a HOST that is not an address, naming both", () => {
    const run = start({ PUBLIC_ORIGIN: "https://pinjaman.co.id/app?x=1", HOST: "http://0.0.0.0" });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain("PUBLIC_ORIGIN: must be an http:// or https:// origin");
    expect(run.stderr).toContain("HOST: must be an IP address or a host name");
  });

  it("stops when the database cannot be reached, naming it", () => {
    const run = start({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", COMPANY_API_KEY: "k".repeat(32) });
    expect(run.status).toBe(69);
    expect(run.stderr).toMatch(/^Cannot open the database \(DATABASE_URL\): .*ECONNREFUSED/m);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
