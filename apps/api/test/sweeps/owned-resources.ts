import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OwnedResource } from "../../src/plugins/access.ts";
import { sessionFor, type TestSession } from "../../src/modules/identity/test-sessions.ts";
import { activeLoanFor } from "../../src/modules/disbursal/loan-test-kit.ts";
import { approvedLoanApplication } from "../../src/modules/disbursal/sandbox-loans.ts";

/** A customer's stored resource: its id and texts that must never reach another caller. */
export type Owned = { id: string; secrets: string[] };

type Factory = (app: FastifyInstance, owner: TestSession) => Promise<Owned>;

async function created(res: { statusCode: number; body: string; json(): unknown }, what: string): Promise<string> {
  if (res.statusCode >= 300) throw new Error(`fixture ${what} not created: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { data?: { id?: string } }).data?.id;
  if (!id) throw new Error(`fixture ${what} has no id: ${res.body}`);
  return id;
}

/**
 * One factory per OwnedResource: the resource made for its owner as the product makes it (the
 * real calls; a loan and an application through the production paths). A resource named
 * by an access rule without a factory here fails the access sweep.
 */
export const OWNED_RESOURCE_FACTORIES: Record<OwnedResource, Factory> = {
  session: async (app, owner) => {
    const [customer] = await app.db.select({ email: schema.customers.email }).from(schema.customers).where(eq(schema.customers.id, owner.customerId));
    const session = await sessionFor(app.db, customer!.email);
    return { id: session.sessionId, secrets: [session.token] };
  },
  flow_progress: async (app, owner) => {
    const res = await app.inject({ method: "POST", url: "/app_api/v1/flows/profile_change/flow_progresses", headers: owner.headers, payload: { data: {} } });
    return { id: await created(res, "flow_progress"), secrets: [] };
  },
  signature: async (app, owner) => {
    const res = await app.inject({
      method: "POST",
      url: "/authy_api/v1/authentication_methods/sms/signatures",
      headers: owner.headers,
      payload: { data: { subject: "kontrak:PJ-SWEEP-0001" } },
    });
    return { id: await created(res, "signature"), secrets: ["PJ-SWEEP-0001"] };
  },
  device: async (app, owner) => {
    const token = `firebase-token-sweep-${owner.customerId}`;
    const res = await app.inject({
      method: "POST",
      url: "/app_api/v1/devices",
      headers: owner.headers,
      payload: { data: { identifier: owner.customerId, type_key: "mobile", token, token_type: "firebase", operating_system: "android" } },
    });
    return { id: await created(res, "device"), secrets: [token] };
  },
  field_upload: async (app, owner) => {
    const res = await app.inject({
      method: "POST",
      url: "/app_api/v1/field_uploads/presign_upload",
      headers: owner.headers,
      payload: { data: { filename: "ktp-sweep-owner.jpg", content_type: "image/jpeg", size: 1000 } },
    });
    return { id: await created(res, "field_upload"), secrets: ["ktp-sweep-owner"] };
  },
  // A loan paid out through the real path, with its schedule, ledger and virtual accounts (what
  // payments/new and the sandbox payments route read): their numbers are the owner's.
  loan_account: async (app, owner) => {
    const loan = await activeLoanFor(app.db, owner.customerId);
    return { id: loan.accountId, secrets: loan.virtualAccounts.map((va) => va.number) };
  },
  // An investment account of a registered lender, as the seed gives one, with a sandbox deposit on it.
  investment_account: async (app, owner) => {
    const [account] = await app.db.insert(schema.accounts).values({ customerId: owner.customerId, typeKey: "investment", status: "active" }).returning();
    await app.db.insert(schema.lenderProfiles).values({ customerId: owner.customerId, investmentAccountId: account!.id, annualIncome: 1_000_000_000, sourceOfFunds: "savings", riskAcceptedAt: new Date() }).onConflictDoNothing();
    const res = await app.inject({
      method: "POST",
      url: `/app_api/v1/accounts/${account!.id}/deposits`,
      headers: owner.headers,
      payload: { data: { amount: 7_654_321, idempotency_key: `sweep-${account!.id}` } },
    });
    if (res.statusCode !== 201) throw new Error(`fixture investment_account not funded: ${res.statusCode} ${res.body}`);
    return { id: account!.id, secrets: ["7654321"] };
  },
  // An investment of the owner's (from a funded investment account of theirs) in another borrower's approved application.
  investment: async (app, owner) => {
    const account = await OWNED_RESOURCE_FACTORIES.investment_account(app, owner);
    const [borrower] = await app.db.insert(schema.customers).values({ name: "Peminjam Sweep", email: `peminjam.sweep.${account.id}@contoh.co.id` }).returning();
    const { applicationId } = await approvedLoanApplication(app.db, borrower!.id, { amount: 2_000_000, term: 4, dailyRatePpm: 1000 });
    const res = await app.inject({
      method: "POST",
      url: `/app_api/v1/accounts/${account.id}/investments`,
      headers: owner.headers,
      payload: { data: { account_application_id: applicationId, amount: 1_200_000, idempotency_key: `sweep-invest-${account.id}` } },
    });
    if (res.statusCode !== 201) throw new Error(`fixture investment not created: ${res.statusCode} ${res.body}`);
    return { id: (res.json() as { data: { investment: { id: string } } }).data.investment.id, secrets: ["1200000"] };
  },
  // Approved and waiting for investment, its loan account pending, as the automatic decision leaves it.
  account_application: async (app, owner) => ({
    id: (await approvedLoanApplication(app.db, owner.customerId, { amount: 2_000_000, term: 4, dailyRatePpm: 1000 })).applicationId,
    secrets: [],
  }),
};
