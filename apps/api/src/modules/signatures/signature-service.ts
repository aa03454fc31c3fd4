import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { Mailer } from "../../integrations/mail.ts";
import type { SmsSender } from "../../integrations/sms.ts";
import { recordAudit, type RequestOrigin } from "../audit/audit-service.ts";
import { maskEmail, maskPhone } from "../authentication/masks.ts";
import {
  CODE_TTL_MINUTES,
  RESEND_AFTER_SECONDS,
  checkCode,
  closedChallenge,
  codeColumns,
  codeThrottles,
  expireStale,
  reissueCode,
  resendWait,
  type CodeChallengeTable,
  type CodeRefusal,
} from "../authentication/one-time-code.ts";
import { newCode } from "../sessions/tokens.ts";
import { hitThrottle, type ThrottleRule } from "../throttle/throttle-service.ts";
import "@pinjaman/i18n/ns/authy";

/**
 * Signature methods: `sms` sends the code to the customer's phone (to the e-mail when there is
 * no phone); `email` always mails it.
 */
export const SIGNATURE_METHODS = ["sms", "email"] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export function isSignatureMethod(value: string): value is SignatureMethod {
  return (SIGNATURE_METHODS as readonly string[]).includes(value);
}

/** New signatures per customer in a fixed 15-minute window: every one sends an SMS. */
export const SIGNATURE_THROTTLE_ACCOUNT: ThrottleRule = { name: "signature:account", limit: 10, windowSeconds: 15 * 60 };

/** A step name as the flows use them: snake_case. */
export const SIGNATURE_STEP = /^[a-z][a-z0-9_]{0,49}$/;

export type SignatureContext = { db: Db; mailer: Mailer; sms: SmsSender; origin: RequestOrigin };

type Status = "code_sent" | "signed" | "failed" | "expired";

export type SignatureView = {
  id: string;
  status: Status;
  step: string;
  subject: string;
  codeSentTo?: string;
  resendAfter?: number;
  signedAt: Date | null;
};

type Recipient = { name: string; email: string; phone: string | null };

async function loadSignature(db: Db, id: string, customerId: string) {
  const [row] = await db
    .select({
      id: schema.signatures.id,
      methodKey: schema.signatures.methodKey,
      subject: schema.signatures.subject,
      status: schema.signatures.status,
      step: schema.signatures.step,
      codeHash: schema.signatures.codeHash,
      codeExpiresAt: schema.signatures.codeExpiresAt,
      codeSentAt: schema.signatures.codeSentAt,
      codeAttempts: schema.signatures.codeAttempts,
      createdAt: schema.signatures.createdAt,
      signedAt: schema.signatures.signedAt,
      name: schema.customers.name,
      email: schema.customers.email,
      phone: schema.customers.phone,
    })
    .from(schema.signatures)
    .innerJoin(schema.customers, eq(schema.customers.id, schema.signatures.customerId))
    // A signature exists only for its own customer: anyone else gets "not found".
    .where(and(eq(schema.signatures.id, id), eq(schema.signatures.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

type LoadedSignature = NonNullable<Awaited<ReturnType<typeof loadSignature>>>;

function bySms(method: string, recipient: Recipient): boolean {
  return method === "sms" && Boolean(recipient.phone);
}

function destination(method: string, recipient: Recipient): string {
  return bySms(method, recipient) ? maskPhone(recipient.phone ?? "") : maskEmail(recipient.email);
}

async function deliverCode(ctx: SignatureContext, method: string, recipient: Recipient, code: string): Promise<void> {
  if (bySms(method, recipient)) {
    await ctx.sms.send({ to: recipient.phone ?? "", body: t("authy.sms.signature_code", { code, minutes: CODE_TTL_MINUTES }) });
    return;
  }
  await ctx.mailer.send({
    to: recipient.email,
    subject: t("authy.mail.signature_code.subject"),
    body: t("authy.mail.signature_code.body", { name: recipient.name, code, minutes: CODE_TTL_MINUTES }),
  });
}

function toView(row: LoadedSignature, status: Status, now: Date): SignatureView {
  const base = { id: row.id, status, step: row.step, subject: row.subject, signedAt: row.signedAt };
  if (status !== "code_sent") return base;
  return { ...base, codeSentTo: destination(row.methodKey, row), resendAfter: resendWait(row.codeSentAt, now) };
}

export type CreateResult = { kind: "throttled"; retryAfterSeconds: number } | { kind: "created"; view: SignatureView };

/** Starts a signature of `subject` and sends its code. */
export async function createSignature(
  ctx: SignatureContext,
  input: { customerId: string; method: SignatureMethod; subject: string },
  now = new Date(),
): Promise<CreateResult> {
  const { db } = ctx;
  const hit = await hitThrottle(db, SIGNATURE_THROTTLE_ACCOUNT, input.customerId, now);
  if (hit.blocked) return { kind: "throttled", retryAfterSeconds: hit.retryAfterSeconds };
  const [customer] = await db
    .select({ name: schema.customers.name, email: schema.customers.email, phone: schema.customers.phone })
    .from(schema.customers)
    .where(eq(schema.customers.id, input.customerId))
    .limit(1);
  if (!customer) throw new Error("signature for a customer that does not exist");

  const id = randomUUID();
  const code = newCode();
  const [row] = await db
    .insert(schema.signatures)
    .values({
      id,
      customerId: input.customerId,
      methodKey: input.method,
      subject: input.subject,
      status: "code_sent",
      step: "code",
      ...codeColumns(id, code, now),
      createdAt: now,
    })
    .returning({ signedAt: schema.signatures.signedAt });
  if (!row) throw new Error("signature not stored");
  await deliverCode(ctx, input.method, customer, code);
  await recordAudit(db, ctx.origin, "code_sent", input.customerId, { signature_id: id, channel: bySms(input.method, customer) ? "sms" : "mail" });
  return {
    kind: "created",
    view: {
      id,
      status: "code_sent",
      step: "code",
      subject: input.subject,
      codeSentTo: destination(input.method, customer),
      resendAfter: RESEND_AFTER_SECONDS,
      signedAt: null,
    },
  };
}

export async function pollSignature(db: Db, input: { id: string; customerId: string }, now = new Date()): Promise<SignatureView | null> {
  const row = await loadSignature(db, input.id, input.customerId);
  if (!row) return null;
  return toView(row, await expireStale(db, SIGNATURE_CODES, row, now), now);
}

export type ClosedSignature = { kind: "not_found" } | { kind: "closed" } | { kind: "failed" } | { kind: "expired" };

function closed(status: Status): ClosedSignature | null {
  if (status === "signed") return { kind: "closed" };
  if (status === "failed") return { kind: "failed" };
  if (status === "expired") return { kind: "expired" };
  return null;
}

const SIGNATURE_CODES: CodeChallengeTable<Status, ClosedSignature> = {
  table: schema.signatures,
  columns: schema.signatures,
  pending: "code_sent",
  closed,
  failedSet: () => ({ status: "failed" }),
  auditKey: "signature_id",
  throttles: codeThrottles("signature_code"),
};

/** PATCH …/step: records which step of signing the customer is at (while it is still open). */
export async function setSignatureStep(
  db: Db,
  input: { id: string; customerId: string; step: string },
  now = new Date(),
): Promise<ClosedSignature | { kind: "updated"; view: SignatureView }> {
  const row = await loadSignature(db, input.id, input.customerId);
  if (!row) return { kind: "not_found" };
  const done = await closedChallenge(db, SIGNATURE_CODES, row, now);
  if (done) return done;
  const [updated] = await db
    .update(schema.signatures)
    .set({ step: input.step })
    .where(and(eq(schema.signatures.id, input.id), eq(schema.signatures.status, "code_sent")))
    .returning({ id: schema.signatures.id });
  if (!updated) return { kind: "closed" };
  return { kind: "updated", view: toView({ ...row, step: input.step }, "code_sent", now) };
}

export type SignatureCodeResult = ClosedSignature | CodeRefusal | { kind: "signed"; view: SignatureView };

/** PATCH …/code: the right code signs; attempts are counted before comparing, as for logins. */
export async function enterSignatureCode(
  ctx: SignatureContext,
  input: { id: string; customerId: string; code: string },
  now = new Date(),
): Promise<SignatureCodeResult> {
  const { db, origin } = ctx;
  const row = await loadSignature(db, input.id, input.customerId);
  if (!row) return { kind: "not_found" };
  const done = await closedChallenge(db, SIGNATURE_CODES, row, now);
  if (done) return done;
  const checked = await checkCode(
    db,
    origin,
    SIGNATURE_CODES,
    {
      id: input.id,
      code: input.code,
      customerId: input.customerId,
      codeExpiresAt: row.codeExpiresAt,
      reread: () => loadSignature(db, input.id, input.customerId),
      onExhausted: () => recordAudit(db, origin, "signature_failed", input.customerId, { signature_id: input.id, subject: row.subject }),
    },
    now,
  );
  if (checked.kind !== "matched") return checked;

  const [signed] = await db
    .update(schema.signatures)
    .set({ status: "signed", signedAt: now, codeHash: null })
    .where(and(eq(schema.signatures.id, input.id), eq(schema.signatures.status, "code_sent")))
    .returning({ signedAt: schema.signatures.signedAt });
  if (!signed) return { kind: "closed" };
  await recordAudit(db, origin, "signature_signed", input.customerId, { signature_id: input.id, subject: row.subject });
  return { kind: "signed", view: { id: row.id, status: "signed", step: row.step, subject: row.subject, signedAt: signed.signedAt } };
}

export type SignatureResendResult = ClosedSignature | { kind: "too_early"; retryAfterSeconds: number } | { kind: "sent"; view: SignatureView };

/** PATCH …/resend_code: a new code (attempts start again) once 60 s have passed since the last. */
export async function resendSignatureCode(
  ctx: SignatureContext,
  input: { id: string; customerId: string },
  now = new Date(),
): Promise<SignatureResendResult> {
  const { db } = ctx;
  const row = await loadSignature(db, input.id, input.customerId);
  if (!row) return { kind: "not_found" };
  const done = await closedChallenge(db, SIGNATURE_CODES, row, now);
  if (done) return done;

  const reissued = await reissueCode(db, SIGNATURE_CODES, { id: input.id, reread: () => loadSignature(db, input.id, input.customerId) }, now);
  if (reissued.kind !== "reissued") return reissued;
  await deliverCode(ctx, row.methodKey, row, reissued.code);
  await recordAudit(db, ctx.origin, "code_sent", input.customerId, { signature_id: input.id, reason: "resend" });
  return { kind: "sent", view: toView({ ...row, codeSentAt: now }, "code_sent", now) };
}

/**
 * For the flows: true when this customer signed this subject with this signature, so a contract
 * is accepted only with a completed code confirmation of exactly that contract.
 */
export async function isSigned(db: Db, input: { id: string; customerId: string; subject: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.signatures.id })
    .from(schema.signatures)
    .where(
      and(
        eq(schema.signatures.id, input.id),
        eq(schema.signatures.customerId, input.customerId),
        eq(schema.signatures.subject, input.subject),
        eq(schema.signatures.status, "signed"),
      ),
    )
    .limit(1);
  return row !== undefined;
}
