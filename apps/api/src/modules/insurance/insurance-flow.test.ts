import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { investmentAccountOf } from "../accounts/sandbox-accounts.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

const APP = "/app_api/v1";
const FLOW = "insurance_choice_lender_account";

type Field = { key: string; templateKey: string; current_value: unknown };

describe("insurance_choice_lender_account on an investment account (spec sections 3 and 7)", () => {
  let t: TestApp;
  let sari: TestSession;
  let budi: TestSession;
  let accountId: string;
  beforeAll(async () => {
    t = await testApp();
    sari = await sessionFor(t.app.db, "sari@pinjaman.test");
    budi = await sessionFor(t.app.db, "budi@pinjaman.test");
    accountId = await investmentAccountOf(t.app.db, sari.customerId);
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, who: TestSession) => t.app.inject({ method: "GET", url, headers: who.headers });
  const post = (url: string, who: TestSession) => t.app.inject({ method: "POST", url, headers: who.headers, payload: { data: {} } });
  const move = (id: string, who: TestSession, values: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: who.headers, payload: { data: { values } } });
  const setting = async () => (await t.app.db.select().from(schema.investmentInsuranceSettings).where(eq(schema.investmentInsuranceSettings.investmentAccountId, accountId)))[0];

  /** Runs the flow to its end with the value chosen; answers the first field as step one showed it. */
  async function choose(on: boolean): Promise<Field> {
    const preview = await get(`${APP}/accounts/${accountId}/flows/${FLOW}/flow_progresses/new`, sari);
    expect(preview.statusCode, preview.body).toBe(200);
    const first = preview.json().data.step.fields[0] as Field;
    const created = await post(`${APP}/accounts/${accountId}/flows/${FLOW}/flow_progresses`, sari);
    expect(created.statusCode, created.body).toBe(201);
    const done = await move(created.json().data.id, sari, { automatic_insurance_investor: on });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe("completed");
    return first;
  }

  it("is listed for the investment account (and not for a loan account); its first field carries the setting, which completing changes", async () => {
    const listed = await get(`${APP}/accounts/${accountId}/flows`, sari);
    expect(listed.json().data.map((f: { key: string }) => f.key)).toEqual([FLOW]);
    expect(listed.json().data[0].name).toBe("Asuransi Otomatis Pendanaan");

    expect(await choose(true)).toMatchObject({ key: "automatic_insurance_investor", templateKey: "checkbox", current_value: false });
    expect(await setting()).toMatchObject({ automaticInsuranceInvestor: true });
    expect((await choose(false)).current_value).toBe(true);
    expect(await setting()).toMatchObject({ automaticInsuranceInvestor: false });
  });

  it("answers 404 on another customer's investment account and on a loan account, storing nothing", async () => {
    const before = await setting();
    const foreign = await post(`${APP}/accounts/${accountId}/flows/${FLOW}/flow_progresses`, budi);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("account_not_found");
    const loan = await activeLoanFor(t.app.db, budi.customerId);
    const onLoan = await get(`${APP}/accounts/${loan.accountId}/flows/${FLOW}/flow_progresses/new`, budi);
    expect(onLoan.statusCode).toBe(404);
    expect((await get(`${APP}/accounts/${loan.accountId}/flows`, budi)).json().data.map((f: { key: string }) => f.key)).not.toContain(FLOW);
    expect(await setting()).toEqual(before);
  });
});
