import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../test/harness.ts";
import { sessionFor } from "./modules/identity/test-sessions.ts";

/** The flow preview a page's server render asks for answers as the flow calls do (same engine). */
describe("site service flowPreview", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("gives a public flow's step one exactly as pub_api's GET …/flow_progresses/new, storing nothing", async () => {
    const before = await rowCounts(t.database);
    const result = await t.app.services.flowPreview("spl_onboarding", { publicOnly: true, sessionToken: null });
    const api = await t.app.inject({ method: "GET", url: "/pub_api/v1/open/flows/spl_onboarding/flow_progresses/new" });
    expect(result).toEqual({ preview: api.json().data });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("answers app_api's way with the page's session: a customer flow needs one, a customer skips the account step", async () => {
    expect(await t.app.services.flowPreview("profile_change", { publicOnly: false, sessionToken: null })).toEqual({ refused: "login_required" });
    expect(await t.app.services.flowPreview("profile_change", { publicOnly: true, sessionToken: null })).toEqual({ refused: "not_found" });
    const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const result = await t.app.services.flowPreview("profile_change", { publicOnly: false, sessionToken: budi.token });
    const api = await t.app.inject({ method: "GET", url: "/app_api/v1/flows/profile_change/flow_progresses/new", headers: budi.headers });
    expect(result).toEqual({ preview: api.json().data });
    const revoked = await t.app.services.flowPreview("profile_change", { publicOnly: false, sessionToken: "not-a-session" });
    expect(revoked).toEqual({ refused: "login_required" });
  });

  it("refuses unknown flows and account-scoped ones as not found", async () => {
    expect(await t.app.services.flowPreview("no_such_flow", { publicOnly: false, sessionToken: null })).toEqual({ refused: "not_found" });
    expect(await t.app.services.flowPreview("change_payment_channel", { publicOnly: false, sessionToken: null })).toEqual({ refused: "not_found" });
  });
});

/** Where a page's "Ajukan Sekarang" sends a signed-in customer: the same answer as GET new_loan_flow (decision 0018). */
describe("site service newLoanFlow", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("routes the session's customer as app_api does; null for a dead session or a key that is not a registration flow", async () => {
    const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const api = await t.app.inject({ method: "GET", url: "/app_api/v1/new_loan_flow?flow_key=spl_onboarding", headers: budi.headers });
    expect(await t.app.services.newLoanFlow("spl_onboarding", budi.token)).toEqual(api.json().data);
    expect(api.json().data).toEqual({ flow_key: "spl_returning_ntb", refusal: null });
    expect(await t.app.services.newLoanFlow("spl_onboarding", "not-a-session")).toBeNull();
    expect(await t.app.services.newLoanFlow("profile_change", budi.token)).toBeNull();
  });
});
