import { schema } from "@pinjaman/db";
import { jakartaToday } from "@pinjaman/domain/dates";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { submitLoanApplication } from "./submission.ts";

/**
 * The new-loan rule and the status table under real concurrency: with TEST_DATABASE_URL these
 * run on PostgreSQL, each submission and decision in its own pooled connection (decision 0004).
 */
const KYC = { employment_type: "employee", monthly_income: "10m_20m", other_platforms_count: "0", other_platforms_instalment: "none" };
const LOAN = { productKey: "spl", amount: 2_000_000, term: 4, dailyRatePpm: 1000, totalRepayment: 2_240_000, maturityOn: null, flowProgressId: null };

let t: TestApp;
let operator: TestSession;

async function customerWithProfile(email: string, nik: string, kyc: Record<string, unknown>): Promise<string> {
  const [customer] = await t.app.db.insert(schema.customers).values({ name: email, email }).returning({ id: schema.customers.id });
  await t.app.db.insert(schema.customerProfiles).values({ customerId: customer!.id, personalCode: nik, fullName: email, birthDate: "1990-05-15", kyc, consent: {} });
  return customer!.id;
}

beforeAll(async () => {
  t = await testApp();
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
});
afterAll(async () => {
  await t?.close();
});

describe(`concurrent applications (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("eight parallel submissions of one customer: one in flight, seven rejected by the one-open-application rule", async () => {
    const customerId = await customerWithProfile("serentak@contoh.co.id", "3273011505900101", KYC);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.app.db.transaction((tx) => submitLoanApplication(tx, { customerId, ...LOAN, today: jakartaToday() }))),
    );
    expect(results.map((r) => r.decision.outcome).sort()).toEqual(["approve", "reject", "reject", "reject", "reject", "reject", "reject", "reject"]);
    for (const r of results) if (r.decision.outcome === "reject") expect(r.decision.reason).toBe("one_open_application");
    const rows = await t.app.db
      .select({ status: schema.accountApplications.status })
      .from(schema.accountApplications)
      .where(inArray(schema.accountApplications.id, results.map((r) => r.applicationId)));
    expect(rows.filter((r) => r.status === "waiting_for_investment")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "rejected")).toHaveLength(7);
  });

  it("six operators approve one application at once: one wins, the others are 409 and record nothing", async () => {
    const customerId = await customerWithProfile("ditinjau@contoh.co.id", "3273011505900102", { payroll_employer: "bni" });
    const { applicationId, decision } = await t.app.db.transaction((tx) => submitLoanApplication(tx, { customerId, ...LOAN, today: jakartaToday() }));
    expect(decision.outcome).toBe("refer");
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: `/app_api/v1/account_applications/${applicationId}/decision`,
          headers: operator.headers,
          payload: { outcome: "approve", reason: `Peninjauan ${i}` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const transitions = await t.app.db.select().from(schema.statusTransitions).where(eq(schema.statusTransitions.subjectId, applicationId));
    // As a set: a select without ORDER BY promises no order (the losers' rolled-back rows sit between).
    expect(transitions.map((r) => [r.fromStatus, r.toStatus, r.actorKind])).toEqual(
      expect.arrayContaining([
        [null, "submitted", "customer"],
        ["submitted", "waiting_for_investment", "operator"],
      ]),
    );
    expect(transitions).toHaveLength(2);
  });
});
