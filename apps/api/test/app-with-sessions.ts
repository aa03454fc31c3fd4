import { afterAll, beforeAll } from "vitest";
import { sessionFor, type TestSession } from "../src/modules/identity/test-sessions.ts";
import { testApp, type TestApp, type TestDatabaseOptions } from "./harness.ts";

export type AppWithSessions<Name extends string> = TestApp & Record<Name, TestSession>;

/**
 * A test file's app (testApp) with a logged-in session for each sandbox account named, as
 * `{ operator: "operator@pinjaman.test", budi: "budi@pinjaman.test" }`: made before the file's
 * tests and closed after them. Its fields are there from the tests and hooks on (not at import).
 */
export function appWithSessions<Name extends string>(
  emails: Record<Name, string>,
  env: Record<string, string> = {},
  options: TestDatabaseOptions = {},
): AppWithSessions<Name> {
  const kit = {} as AppWithSessions<Name>;
  beforeAll(async () => {
    const t = await testApp(env, options);
    Object.assign(kit, t);
    for (const [name, email] of Object.entries<string>(emails)) Object.assign(kit, { [name]: await sessionFor(t.app.db, email) });
  }, 120_000);
  afterAll(async () => {
    await kit.close?.();
  });
  return kit;
}
