import { schema } from "@pinjaman/db";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../test/harness.ts";
import { createCustomer } from "../modules/authentication/auth-test-kit.ts";
import { contractSubject } from "../modules/flows/step-checks.ts";
import { sessionFor } from "../modules/identity/test-sessions.ts";
import { registerErrorHandling } from "./errors.ts";
import { UNIQUE_REFUSALS, UNRACEABLE_UNIQUE_INDEXES, uniqueViolationAnswer } from "./unique-violations.ts";

const PUB = "/pub_api/v1/open";
const APP = "/app_api/v1";
const BROWSER = { "x-locale": "id" };
const PASSWORD = "rahasia-Kuat-2026";
const RACERS = 10;

/** What changed in each table between two row counts (tables that did not change left out). */
function countChanges(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(after).flatMap((k) => (after[k] === before[k] ? [] : [[k, (after[k] ?? 0) - (before[k] ?? 0)]])));
}

describe("unique values under concurrency answer as the sequential check does", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("knows every unique index of the migrated database (mapped to a refusal, or why no request races on it)", async () => {
    const result = (await t.database.db.execute(
      sql`select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
          where x.indisunique and not x.indisprimary and n.nspname = 'public' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const indexes = result.rows.map((r) => r.name);
    expect(indexes.length).toBeGreaterThan(0);
    expect([...Object.keys(UNIQUE_REFUSALS), ...Object.keys(UNRACEABLE_UNIQUE_INDEXES)].sort()).toEqual(indexes);
  });

  /** An anonymous visitor on the account step of spl_onboarding. */
  async function atAccountStep(): Promise<string> {
    const started = await t.app.inject({ method: "POST", url: `${PUB}/flows/spl_onboarding/flow_progresses`, payload: { data: {} } });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().data.id as string;
    const moved = await t.app.inject({
      method: "PATCH",
      url: `${APP}/flow_progresses/${id}/move/next`,
      headers: BROWSER,
      payload: { data: { values: { amount: 3_000_000, term: 6 } } },
    });
    expect(moved.json().data.step.key).toBe("account");
    return id;
  }
  const signUp = (id: string, email: string, phone: string) =>
    t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: BROWSER, payload: { data: { values: { email, phone, password: PASSWORD } } } });

  it(`${RACERS} simultaneous sign-ups with one e-mail: one account, the others the sequential 422, no 500, nothing else changed`, async () => {
    const email = "balapan@contoh.co.id";
    const ids = await Promise.all(Array.from({ length: RACERS + 1 }, () => atAccountStep()));
    const racers = ids.slice(0, RACERS);
    const before = await rowCounts(t.database);

    const answers = await Promise.all(racers.map((id, i) => signUp(id, i % 2 ? email.toUpperCase() : email, `+62813777${String(i).padStart(5, "0")}`)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(RACERS - 1).fill(422)]);
    const sequential = await signUp(ids[RACERS] ?? "", email, "+6281377799999");
    expect(sequential.statusCode).toBe(422);
    expect(sequential.json()).toEqual({
      error: { code: "validation_failed", message: "Data yang dikirim belum benar. Periksa kembali isian Anda.", fields: { email: ["E-mail ini sudah terdaftar. Silakan masuk dengan akun Anda."] } },
    });
    for (const refused of answers.filter((a) => a.statusCode === 422)) expect(refused.json()).toEqual(sequential.json());

    const customers = await t.database.db.select().from(schema.customers).where(eq(schema.customers.email, email));
    expect(customers).toHaveLength(1);
    // Only the winner's account: its customer, role, sign-up authentication, session and audit event.
    expect(countChanges(before, await rowCounts(t.database))).toEqual({ customers: 1, customer_roles: 1, authentications: 1, sessions: 1, audit_events: 1 });
    const winner = racers[answers.findIndex((a) => a.statusCode === 200)];
    for (const id of ids) {
      const [row] = await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, id));
      expect(row?.currentStep).toBe(id === winner ? "personal" : "account");
      expect(row?.customerId ?? null).toBe(id === winner ? customers[0]?.id : null);
    }
  });

  /** A signed-in customer's onboarding at its last step, contract signed, with this NIK. */
  async function readyToComplete(nik: string) {
    const customer = await createCustomer(t.database.db);
    const session = await sessionFor(t.database.db, customer.email);
    const version = t.app.flowCatalogue.currentVersion("spl_onboarding");
    if (!version) throw new Error("spl_onboarding missing");
    const [progress] = await t.database.db
      .insert(schema.flowProgresses)
      .values({ flowVersionId: version.id, flowKey: "spl_onboarding", customerId: customer.id, currentStep: "signature", expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: schema.flowProgresses.id });
    const id = progress?.id ?? "";
    const [signature] = await t.database.db
      .insert(schema.signatures)
      .values({ customerId: customer.id, methodKey: "sms", subject: contractSubject(id), status: "signed", signedAt: new Date() })
      .returning({ id: schema.signatures.id });
    const values = { amount: 3_000_000, term: 6, full_name: "Wati Lestari", personal_code: nik, birth_date: "1990-05-15", gender: "female", _signature_id: signature?.id ?? "" };
    await t.database.db.update(schema.flowProgresses).set({ values }).where(eq(schema.flowProgresses.id, id));
    const complete = () =>
      t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: session.headers, payload: { data: { values: { signature_code: "000000" } } } });
    return { customerId: customer.id, id, complete };
  }

  it("two onboardings completing at once with one NIK: one profile, the other 422 on personal_code as when it comes later, nothing of it stored", async () => {
    const nik = "3273015505900001";
    const racers = await Promise.all([readyToComplete(nik), readyToComplete(nik)]);
    const late = await readyToComplete(nik);
    const before = await rowCounts(t.database);

    const answers = await Promise.all(racers.map((r) => r.complete()));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const sequential = await late.complete();
    expect(sequential.statusCode).toBe(422);
    expect(sequential.json().error).toEqual({
      code: "validation_failed",
      message: "Data yang dikirim belum benar. Periksa kembali isian Anda.",
      fields: { personal_code: ["NIK ini sudah terdaftar pada akun lain."] },
    });
    expect(answers.find((a) => a.statusCode === 422)?.json()).toEqual(sequential.json());

    const profiles = await t.database.db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.personalCode, nik));
    expect(profiles).toHaveLength(1);
    expect(countChanges(before, await rowCounts(t.database))).toEqual({ customer_profiles: 1, accounts: 1, account_applications: 1, application_decisions: 1, status_transitions: 2 });
    for (const racer of [...racers, late]) {
      const won = profiles[0]?.customerId === racer.customerId;
      const [row] = await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, racer.id));
      expect(row?.status).toBe(won ? "completed" : "in_progress");
      expect(row?.currentStep).toBe(won ? "done" : "signature");
    }
  });

  it("answers a unique index without a mapped refusal as 409 in the envelope, never 500", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    // A real violation through the driver and the ORM: the same throttle key inserted twice.
    app.post("/twice", async () => {
      const row = { key: "unique-violation-test", windowStartedAt: new Date(), count: 1 };
      await t.database.db.insert(schema.throttles).values(row);
      await t.database.db.insert(schema.throttles).values(row);
      return {};
    });
    const res = await app.inject({ method: "POST", url: "/twice" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: "conflict", message: "Data ini baru saja disimpan oleh permintaan lain. Muat ulang halaman lalu coba lagi." } });
    await app.close();
    expect(uniqueViolationAnswer(new Error("boom"))).toBeNull();
    expect(uniqueViolationAnswer({ code: "23503", constraint: "customers_email" })).toBeNull();
  });
});
