import { describe, expect, it } from "vitest";
import { ConfigError, SANDBOX_COMPANY_API_KEY, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to the sandbox on embedded PGlite at 127.0.0.1:3000", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: "127.0.0.1", port: 3000, databaseUrl: undefined, pgliteDir: "./.data/pglite", sandbox: true });
    expect(c.companyApiKey).toBe(SANDBOX_COMPANY_API_KEY);
    expect(c.publicOrigin).toBe("http://127.0.0.1:3000");
  });

  it("turns the sandbox off by default when a real database is given, and then needs a company key", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/pinjaman" })).toThrow(/COMPANY_API_KEY is required/);
    const c = loadConfig({ DATABASE_URL: "postgres://db/pinjaman", COMPANY_API_KEY: "k".repeat(32) });
    expect(c.sandbox).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres/],
    [{ SANDBOX: "maybe" }, /SANDBOX/],
    [{ COMPANY_API_KEY: "short" }, /COMPANY_API_KEY: must be at least 16/],
  ])("names the offending variable for %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(3000);
  });
});
