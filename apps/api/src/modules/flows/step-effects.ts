import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FlowValues } from "@pinjaman/contracts/flows";
import type { OfferSchedule } from "@pinjaman/contracts/offers";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { nikBirthDate } from "@pinjaman/domain/nik";
import type { CompletionKey } from "../../flows/definition.ts";
import { setAutomaticInsurance } from "../insurance/insurance-settings.ts";
import type { RequestOrigin } from "../audit/audit-service.ts";
import { createSession, type IssuedSession } from "../sessions/session-service.ts";
import { cancelApplication } from "../account-applications/cancellation.ts";
import { submitLoanApplication } from "../account-applications/submission.ts";
import { choosePaymentChannel } from "../invoices/virtual-accounts.ts";
import { registerLender } from "./lender-registration.ts";
import { lockRefinancedLoan, recordRefinancing } from "./refinancing.ts";

/** How a flow signs a new customer up: an authentication of its own method, as logins have. */
export const SIGNUP_METHOD = "flow_signup";

/** The version of the terms a customer accepts in onboarding (kept with their consent). */
export const TERMS_VERSION = "2026-01";

const str = (values: FlowValues, key: string): string => (typeof values[key] === "string" ? (values[key] as string).trim() : "");

/** Values that are answers (not the engine's own `_` state), for the customer's KYC record. */
function answers(values: FlowValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !key.startsWith("_")));
}

/** The account step: a customer with a primary role and a first session, in the caller's transaction. */
export async function createCustomerAccount(
  tx: Db,
  input: { email: string; phone: string; passwordHash: string; origin: RequestOrigin },
  now: Date,
): Promise<{ customerId: string; session: IssuedSession }> {
  const email = input.email.toLowerCase();
  const [customer] = await tx
    .insert(schema.customers)
    .values({ name: email.split("@")[0] ?? email, email, phone: input.phone, passwordHash: input.passwordHash })
    .returning({ id: schema.customers.id });
  if (!customer) throw new Error("customer not stored");
  await tx.insert(schema.customerRoles).values({ customerId: customer.id, typeKey: "primary" });
  const authenticationId = randomUUID();
  await tx.insert(schema.authentications).values({
    id: authenticationId,
    methodKey: SIGNUP_METHOD,
    customerId: customer.id,
    status: "authenticated",
    ip: input.origin.ip,
    userAgent: input.origin.userAgent,
    createdAt: now,
    completedAt: now,
  });
  const session = await createSession(tx, { customerId: customer.id, authenticationId }, now);
  return { customerId: customer.id, session };
}

export type CompletionInput = {
  progressId: string;
  customerId: string;
  accountId: string | null;
  accountApplicationId: string | null;
  productKey: string | null;
  values: FlowValues;
  /** The priced offer for loan applications, computed (and checked by the OJK guard) before the transaction. */
  offer: OfferSchedule | null;
  origin: RequestOrigin;
  today: string;
  now: Date;
};

function consentOf(input: CompletionInput) {
  const { values } = input;
  return {
    terms_version: TERMS_VERSION,
    accepted_at: input.now.toISOString(),
    geolocation: str(values, "geolocation") || null,
    ip: input.origin.ip,
    user_agent: input.origin.userAgent,
    affiliate: str(values, "affiliate") || null,
    contract_signature_id: str(values, "_signature_id") || null,
  };
}

/** The KYC profile from onboarding's answers; answers a profile already held (a lender's) are kept unless given again. */
async function upsertProfile(tx: Db, input: CompletionInput): Promise<void> {
  const { values } = input;
  const personalCode = str(values, "personal_code");
  const birthDate = nikBirthDate(personalCode, input.today) ?? str(values, "birth_date");
  const row = { personalCode, fullName: str(values, "full_name"), birthDate, kyc: answers(values), consent: consentOf(input), updatedAt: input.now };
  await tx
    .insert(schema.customerProfiles)
    .values({ customerId: input.customerId, ...row })
    .onConflictDoUpdate({ target: schema.customerProfiles.customerId, set: { ...row, kyc: sql`${schema.customerProfiles.kyc} || excluded.kyc` } });
  await tx.update(schema.customers).set({ name: row.fullName }).where(eq(schema.customers.id, input.customerId));
}

async function mergeKyc(tx: Db, customerId: string, changes: Record<string, unknown>, now: Date, consent?: Record<string, unknown>): Promise<void> {
  const [profile] = await tx.select({ kyc: schema.customerProfiles.kyc }).from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId)).for("update");
  if (!profile) return;
  await tx
    .update(schema.customerProfiles)
    .set({ kyc: { ...profile.kyc, ...changes }, ...(consent ? { consent } : {}), updatedAt: now })
    .where(eq(schema.customerProfiles.customerId, customerId));
}

/** The priced offer, submitted as a pending loan account and its application, then decided automatically. */
async function submitOffer(tx: Db, input: CompletionInput): Promise<{ applicationId: string }> {
  const offer = input.offer;
  if (!offer || !input.productKey) throw new Error("a loan application needs its priced offer");
  return submitLoanApplication(tx, {
    customerId: input.customerId,
    productKey: input.productKey,
    amount: offer.amount,
    term: offer.term,
    dailyRatePpm: offer.daily_rate_ppm,
    totalRepayment: offer.total_repayment,
    maturityOn: offer.instalments[offer.instalments.length - 1]?.due_on ?? null,
    flowProgressId: input.progressId,
    today: input.today,
  });
}

const COMPLETIONS: Record<CompletionKey, (tx: Db, input: CompletionInput) => Promise<void>> = {
  /** Onboarding: KYC profile with consent evidence, a loan account and its submitted, decided application. */
  async loan_application(tx, input) {
    await upsertProfile(tx, input);
    await submitOffer(tx, input);
  },

  /** A returning customer: the confirmed answers and the new contract's consent on the profile they have, then the same submission. */
  async returning_loan_application(tx, input) {
    await mergeKyc(tx, input.customerId, answers(input.values), input.now, consentOf(input));
    await submitOffer(tx, input);
  },

  /**
   * A refinancing: the old loan (locked) still active and covered by the new amount, the answers
   * and consent as for a returning customer, the same submission and automatic decision, and the
   * payoff recorded for the disbursal to pay (refinancing.ts).
   */
  async refinancing_application(tx, input) {
    if (!input.accountId || !input.offer) throw new Error("refinancing flow without an account or an offer");
    const payoff = await lockRefinancedLoan(tx, { customerId: input.customerId, accountId: input.accountId, amount: input.offer.amount, today: input.today });
    await mergeKyc(tx, input.customerId, answers(input.values), input.now, consentOf(input));
    const { applicationId } = await submitOffer(tx, input);
    await recordRefinancing(tx, { applicationId, accountId: input.accountId, payoff });
  },

  async none() {
    throw new Error("an information flow never completes");
  },

  async profile_change(tx, input) {
    const phone = str(input.values, "phone");
    if (phone) await tx.update(schema.customers).set({ phone }).where(eq(schema.customers.id, input.customerId));
    await mergeKyc(tx, input.customerId, answers(input.values), input.now);
  },

  async voice_recording(tx, input) {
    await mergeKyc(tx, input.customerId, { bizbaz_audio_id: str(input.values, "bizbaz_audio_id") }, input.now);
  },

  async payment_channel(tx, input) {
    if (!input.accountId) throw new Error("payment channel flow without an account");
    await choosePaymentChannel(tx, { accountId: input.accountId, customerId: input.customerId, channel: str(input.values, "payment_channel") });
  },

  /** A lender registers: investment account, lender profile and role (lender-registration.ts). */
  async lender_registration(tx, input) {
    await registerLender(tx, { customerId: input.customerId, values: input.values, today: input.today, now: input.now });
  },

  async insurance_setting(tx, input) {
    if (!input.accountId) throw new Error("insurance flow without an account");
    await setAutomaticInsurance(tx, input.accountId, input.values.automatic_insurance_investor === true, input.now);
  },

  async application_cancellation(tx, input) {
    if (!input.accountApplicationId) throw new Error("cancellation flow without an application");
    await cancelApplication(tx, input.accountApplicationId, { kind: "customer", id: input.customerId }, input.today);
  },
};

export function completeFlow(tx: Db, key: CompletionKey, input: CompletionInput): Promise<void> {
  return COMPLETIONS[key](tx, input);
}
