import type { FlowValues } from "@pinjaman/contracts/flows";
import type { PartnerSummary } from "@pinjaman/contracts/partners";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { StaffActionCode } from "@pinjaman/domain/audit-actions";
import { t } from "@pinjaman/i18n";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import type { RequestOrigin } from "../audit/audit-service.ts";
import { issuePartnerKey, newCallbackSecret } from "./partner-keys.ts";
import { settlementAccountView, settlementFromFlow } from "./settlement-account.ts";
import "@pinjaman/i18n/ns/partners";

const str = (values: FlowValues, key: string): string => (typeof values[key] === "string" ? (values[key] as string).trim() : "");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A callback address a partner may be given: https, or http to this machine (a partner's test
 * server, the sandbox). Credentials in the address, other schemes and overlong ones are refused.
 */
export function callbackUrlProblem(value: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t("partners.error.callback_url_invalid");
  }
  if (value.length > 500 || url.username || url.password) return t("partners.error.callback_url_invalid");
  if (url.protocol === "https:") return null;
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  if (url.protocol === "http:" && loopback && allowLoopbackHttp) return null;
  return t("partners.error.callback_url_https");
}

function required(values: FlowValues, keys: string[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const key of keys) if (str(values, key).length < 2) fields[key] = [t("partners.error.required")];
  return fields;
}

type FlowActor = { customerId: string; values: FlowValues; origin: RequestOrigin };

/** A staff flow's change in the staff audit (decision 0026), in the completing transaction. */
async function recordFlowAction(tx: Db, input: FlowActor, action: StaffActionCode, subjectType: string, subjectId: string, after: unknown) {
  await tx.insert(schema.staffActions).values({
    staffId: input.customerId,
    permission: "partners.manage",
    action,
    subjectType,
    subjectId,
    before: null,
    after,
    reason: null,
    ip: input.origin.ip,
    requestId: input.origin.requestId,
  });
}

/** The completion of hayman_s_partners_creation: the partner with a new callback signing secret. */
export async function createPartnerFromFlow(tx: Db, input: FlowActor, options: { allowLoopbackHttp: boolean } = { allowLoopbackHttp: true }) {
  const { values } = input;
  const fields = required(values, ["partner_name", "legal_name", "contact_email", "callback_url"]);
  const urlProblem = fields.callback_url ? null : callbackUrlProblem(str(values, "callback_url"), options.allowLoopbackHttp);
  if (urlProblem) fields.callback_url = [urlProblem];
  const settlement = settlementFromFlow(values);
  Object.assign(fields, settlement.fields);
  if (Object.keys(fields).length > 0 || !settlement.columns) throw new FieldErrors(fields, 422);
  const [partner] = await tx
    .insert(schema.partners)
    .values({
      name: str(values, "partner_name"),
      legalName: str(values, "legal_name"),
      contactEmail: str(values, "contact_email").toLowerCase(),
      callbackUrl: str(values, "callback_url"),
      callbackSecret: newCallbackSecret(),
      ...settlement.columns,
      createdBy: input.customerId,
    })
    .returning();
  // The signing secret stays out of the audit.
  await recordFlowAction(tx, input, "partner.create", "partner", partner!.id, {
    name: partner!.name,
    legal_name: partner!.legalName,
    contact_email: partner!.contactEmail,
    callback_url: partner!.callbackUrl,
    settlement_account: settlementAccountView(partner!),
  });
  return partner!;
}

/** The completion of hayman_s_partners_creation_branch: a branch of an existing partner. */
export async function createBranchFromFlow(tx: Db, input: FlowActor) {
  const { values } = input;
  const fields = required(values, ["branch_name", "branch_city"]);
  const partnerId = str(values, "partner_id");
  const [partner] = UUID.test(partnerId) ? await tx.select({ id: schema.partners.id }).from(schema.partners).where(eq(schema.partners.id, partnerId)) : [];
  if (!partner) fields.partner_id = [t("partners.error.partner_unknown")];
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields, 422);
  const [branch] = await tx
    .insert(schema.partnerBranches)
    .values({ partnerId, name: str(values, "branch_name"), city: str(values, "branch_city"), createdBy: input.customerId })
    .returning();
  await recordFlowAction(tx, input, "partner.branch.create", "partner_branch", branch!.id, { partner_id: partnerId, name: branch!.name, city: branch!.city });
  return branch!;
}

type PartnerRow = typeof schema.partners.$inferSelect;

/** A partner as staff see it: its data, settlement account, branches and the visible prefixes of its live keys. */
async function summaries(db: Db, partners: PartnerRow[]): Promise<PartnerSummary[]> {
  if (partners.length === 0) return [];
  const ids = partners.map((p) => p.id);
  const branches = await db.select().from(schema.partnerBranches).where(inArray(schema.partnerBranches.partnerId, ids)).orderBy(asc(schema.partnerBranches.createdAt));
  const keys = await db
    .select()
    .from(schema.partnerApiKeys)
    .where(and(isNull(schema.partnerApiKeys.revokedAt), inArray(schema.partnerApiKeys.partnerId, ids)));
  return partners.map((p) => ({
    id: p.id,
    name: p.name,
    legal_name: p.legalName,
    contact_email: p.contactEmail,
    callback_url: p.callbackUrl,
    settlement_account: settlementAccountView(p),
    branches: branches.filter((b) => b.partnerId === p.id).map((b) => ({ id: b.id, name: b.name, city: b.city })),
    key_prefixes: keys.filter((k) => k.partnerId === p.id).map((k) => k.prefix),
    created_at: p.createdAt.toISOString(),
  }));
}

/** Staff: every partner, oldest first. */
export async function listPartners(db: Db): Promise<PartnerSummary[]> {
  return summaries(db, await db.select().from(schema.partners).orderBy(asc(schema.partners.createdAt), asc(schema.partners.id)));
}

export async function partnerSummaryOf(db: Db, partner: PartnerRow): Promise<PartnerSummary> {
  return (await summaries(db, [partner]))[0]!;
}

/** Staff: a new key for the partner (older ones revoked), with its callback secret, to hand over once. */
export async function rotatePartnerKey(db: Db, partnerId: string, audit?: (tx: Db, issued: { partnerId: string; prefix: string; revoked: string[] }) => Promise<void>) {
  return db.transaction(async (tx) => {
    const [partner] = await tx.select().from(schema.partners).where(eq(schema.partners.id, partnerId)).for("update");
    if (!partner) throw new Refusal(404, "partner_not_found", t("partners.error.partner_not_found"));
    const before = await tx
      .select({ prefix: schema.partnerApiKeys.prefix })
      .from(schema.partnerApiKeys)
      .where(and(eq(schema.partnerApiKeys.partnerId, partnerId), isNull(schema.partnerApiKeys.revokedAt)));
    const { key, row } = await issuePartnerKey(tx, partnerId);
    const revoked = before.map((b) => b.prefix);
    await audit?.(tx, { partnerId, prefix: row.prefix, revoked });
    return { partner, key, prefix: row.prefix, revoked };
  });
}
