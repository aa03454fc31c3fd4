import { schema } from "@pinjaman/db";
import { SANDBOX_CHANNEL_CODES } from "@pinjaman/domain/virtual-accounts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OwnedResource } from "../../src/plugins/access.ts";
import { sessionFor, type TestSession } from "../../src/modules/identity/test-sessions.ts";
import { openVirtualAccounts } from "../../src/modules/invoices/virtual-accounts.ts";

/** A customer's stored resource: its id and texts that must never reach another caller. */
export type Owned = { id: string; secrets: string[] };

type Factory = (app: FastifyInstance, owner: TestSession) => Promise<Owned>;

async function created(res: { statusCode: number; body: string; json(): unknown }, what: string): Promise<string> {
  if (res.statusCode >= 300) throw new Error(`fixture ${what} not created: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { data?: { id?: string } }).data?.id;
  if (!id) throw new Error(`fixture ${what} has no id: ${res.body}`);
  return id;
}

async function loanAccountOf(app: FastifyInstance, owner: TestSession) {
  const [account] = await app.db.insert(schema.accounts).values({ customerId: owner.customerId, typeKey: "loan", productKey: "spl", status: "active" }).returning();
  const [application] = await app.db
    .insert(schema.accountApplications)
    .values({ accountId: account!.id, typeKey: "initial", status: "submitted", amount: 2_000_000, term: 4, dailyRatePpm: 1000, totalRepayment: 2_240_000, submittedOn: "2026-11-01" })
    .returning();
  return { account: account!, application: application! };
}

/**
 * One factory per OwnedResource: the resource made for its owner as the product makes it (the
 * real calls; a loan account and its application as onboarding stores them). A resource named
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
  // With its virtual accounts (what payments/new and the sandbox payments route read): their numbers are the owner's.
  loan_account: async (app, owner) => {
    const { account } = await loanAccountOf(app, owner);
    const vas = await app.db.transaction((tx) => openVirtualAccounts(tx, account.id, SANDBOX_CHANNEL_CODES));
    return { id: account.id, secrets: vas.map((va) => va.number) };
  },
  // An investment account as the seed gives a lender, with a sandbox deposit on it.
  investment_account: async (app, owner) => {
    const [account] = await app.db.insert(schema.accounts).values({ customerId: owner.customerId, typeKey: "investment", status: "active" }).returning();
    const res = await app.inject({
      method: "POST",
      url: `/app_api/v1/accounts/${account!.id}/deposits`,
      headers: owner.headers,
      payload: { data: { amount: 7_654_321, idempotency_key: `sweep-${account!.id}` } },
    });
    if (res.statusCode !== 201) throw new Error(`fixture investment_account not funded: ${res.statusCode} ${res.body}`);
    return { id: account!.id, secrets: ["7654321"] };
  },
  account_application: async (app, owner) => ({ id: (await loanAccountOf(app, owner)).application.id, secrets: [] }),
};
