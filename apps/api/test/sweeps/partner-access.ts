import { schema } from "@pinjaman/db";
import type { FastifyInstance } from "fastify";
import { SANDBOX_COMPANY_API_KEY } from "../../src/config.ts";
import { issuePartnerKey } from "../../src/modules/partners/partner-keys.ts";
import type { RegisteredAccessRule } from "../../src/plugins/access.ts";

type Base = { method: string; url: string; payload?: string; contentType?: string };
export type PartnerCall = Base & { label: string; headers: Record<string, string>; allowed: number[]; secrets: string[]; served?: true };

type Fixture = { ownerKey: string; otherKey: string; revokedKey: string; owned: Record<"lead" | "purchase", { id: string; secrets: string[] }> };
const fixtures = new WeakMap<FastifyInstance, Fixture>();

/** Two partners; the first owns a lead and a purchase; a revoked key of the first. */
async function fixtureOf(app: FastifyInstance): Promise<Fixture> {
  const known = fixtures.get(app);
  if (known) return known;
  const partner = async (name: string) => {
    const [row] = await app.db
      .insert(schema.partners)
      .values({ name, legalName: `PT ${name}`, contactEmail: `${name}@sweep.example`, callbackUrl: "https://sweep.example/hook", callbackSecret: `sweep-${name}`, settlementBankCode: "bca", settlementAccountNumber: "1234567890", settlementAccountName: "PT Sweep" })
      .returning();
    return row!.id;
  };
  const owner = await partner("sweep-owner");
  const other = await partner("sweep-other");
  const { key: revokedKey } = await issuePartnerKey(app.db, owner);
  const { key: ownerKey } = await issuePartnerKey(app.db, owner); // revokes the first
  const { key: otherKey } = await issuePartnerKey(app.db, other);
  const [lead] = await app.db
    .insert(schema.leads)
    .values({ partnerId: owner, externalId: "SWEEP-LEAD-SECRET", productKey: "spl", customerData: { full_name: "Sweep Lead Person" }, flowKey: "installment_loan_chilimoney_subflow_lead_based", expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  const [purchase] = await app.db
    .insert(schema.purchases)
    .values({ partnerId: owner, externalId: "SWEEP-PURCHASE-SECRET", merchantName: "Sweep Merchant", itemName: "Sweep Item", productKey: "spl", amount: 1_000_000, discount: 0, term: 3, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  const fixture = {
    ownerKey,
    otherKey,
    revokedKey,
    owned: { lead: { id: lead!.id, secrets: ["SWEEP-LEAD-SECRET", "Sweep Lead Person"] }, purchase: { id: purchase!.id, secrets: ["SWEEP-PURCHASE-SECRET", "Sweep Merchant"] } },
  };
  fixtures.set(app, fixture);
  return fixture;
}

/**
 * The calls the access sweep makes to a partner route: refused (401) without a partner key, with a
 * customer's session, the company key and a revoked partner key; with another partner's key, the
 * owner's ids answer 404 and none of the owner's data; the owner's own key is served (no 401/403/5xx).
 */
export async function partnerSweepCalls(app: FastifyInstance, rule: RegisteredAccessRule, base: Base, customerHeaders: Record<string, string>): Promise<PartnerCall[]> {
  if (rule.access.kind !== "partner") return [];
  const f = await fixtureOf(app);
  let url = base.url;
  const secrets: string[] = [];
  for (const id of rule.access.partnerIds ?? []) {
    url = rule.url.replace(`:${id.name}`, f.owned[id.resource].id);
    secrets.push(...f.owned[id.resource].secrets);
  }
  const call = (label: string, headers: Record<string, string>, allowed: number[], leaks: string[] = []): PartnerCall => ({ ...base, url, label, headers, allowed, secrets: leaks });
  const calls = [
    call("nobody", {}, [401]),
    call("a customer's session", { ...customerHeaders, "x-locale": "id" }, [401]),
    call("the company key", { "x-api-key": SANDBOX_COMPANY_API_KEY }, [401]),
    call("a revoked partner key", { "x-api-key": f.revokedKey }, [401]),
  ];
  if (rule.access.partnerIds?.length) calls.push(call("another partner", { "x-api-key": f.otherKey }, [404], secrets));
  // The owner is served: anything but a refusal of the key (a body sample may still be bad input).
  calls.push({ ...call("the owning partner", { "x-api-key": f.ownerKey }, []), served: true });
  return calls;
}
