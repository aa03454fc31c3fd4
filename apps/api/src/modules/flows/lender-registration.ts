import { eq } from "drizzle-orm";
import type { FlowValues } from "@pinjaman/contracts/flows";
import { schema, type Db } from "@pinjaman/db";
import { SOURCES_OF_FUNDS, TAX_RESIDENCIES } from "@pinjaman/db/investment-schema";
import { MIN_ANNUAL_INCOME } from "@pinjaman/domain/lender-limits";
import { parseRupiah } from "@pinjaman/domain/money-input";
import { nikBirthDate } from "@pinjaman/domain/nik";
import { npwpDigits } from "@pinjaman/domain/npwp";
import { t } from "@pinjaman/i18n";
import type { FlowDefinition } from "../../flows/definition.ts";
import { FlowError } from "./flow-errors.ts";
import "@pinjaman/i18n/ns/flows";
import "@pinjaman/i18n/ns/lender";

/**
 * The lender registration (flow lender_onboarding, decision 0022): its answers' checks, the
 * refusal to register twice, and its completion.
 */

/** The version of the lender agreement a lender signs (lender.agreement.text). */
export const LENDER_AGREEMENT_VERSION = "2026-11";

const text = (values: FlowValues, key: string): string => (typeof values[key] === "string" ? (values[key] as string).trim() : "");

/** The declared income the finances step accepted (checked there, so it reads). */
function declaredIncome(value: string): number {
  const amount = parseRupiah(value);
  if (!amount.ok) throw new Error(`annual income not checked: ${amount.error}`);
  return amount.value;
}

type Messages = Record<string, string[]>;
const add = (errors: Messages, key: string, message: string) => (errors[key] ??= []).push(message);

/** Check lender_data: whichever of its fields the step holds. A known customer keeps the NIK their profile has. */
export async function checkLenderData(db: Db, customerId: string | null, values: FlowValues, errors: Messages): Promise<void> {
  const npwp = text(values, "npwp");
  if (npwp && !npwpDigits(npwp)) add(errors, "npwp", t("flows.error.npwp"));
  const code = text(values, "personal_code");
  if (code && customerId) {
    const [profile] = await db.select({ personalCode: schema.customerProfiles.personalCode }).from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId));
    if (profile && profile.personalCode !== code) add(errors, "personal_code", t("lender.error.personal_code_mismatch"));
  }
  const income = text(values, "annual_income");
  if (income) {
    // Typed as the site writes rupiah ("Rp 120.000.000"); the one parser of the site and the server.
    const amount = parseRupiah(income);
    if (!amount.ok) add(errors, "annual_income", amount.error);
    else if (amount.value < MIN_ANNUAL_INCOME) add(errors, "annual_income", t("lender.error.annual_income_minimum"));
  }
}

const alreadyRegistered = () => new FlowError(409, "lender_already_registered", "lender.error.already_registered");

/** A customer who is a lender already cannot start the registration again (409 with the reason). */
export async function assertNotLender(db: Db, customerId: string, definition: FlowDefinition): Promise<void> {
  if (definition.completion !== "lender_registration") return;
  const [profile] = await db.select({ id: schema.lenderProfiles.customerId }).from(schema.lenderProfiles).where(eq(schema.lenderProfiles.customerId, customerId)).limit(1);
  if (profile) throw alreadyRegistered();
}

export type LenderRegistration = { customerId: string; values: FlowValues; today: string; now: Date };

const oneOf = <T extends string>(allowed: readonly T[], value: string): T => {
  const found = allowed.find((a) => a === value);
  if (!found) throw new Error(`unexpected value ${value}`);
  return found;
};

/**
 * In the completing transaction: the customer's KYC profile (a new one from the identity step; a
 * borrower's is kept and given the lender's answers), an active investment account, the lender
 * profile with the risk statement's and the signed agreement's times, and the lender role
 * (`modifier`, spec section 4: the role the site prefers). The lender profile's primary key
 * refuses a second registration that raced past the start check: 409, nothing kept.
 */
export async function registerLender(tx: Db, input: LenderRegistration): Promise<void> {
  const { values, customerId, now } = input;
  const personalCode = text(values, "personal_code");
  const answers = {
    npwp: npwpDigits(text(values, "npwp")),
    bank_code: text(values, "bank_code"),
    bank_account_number: text(values, "bank_account_number").replace(/[\s-]/g, ""),
    bank_account_holder: text(values, "bank_account_holder"),
    lender_agreement: { version: LENDER_AGREEMENT_VERSION, signature_id: text(values, "_signature_id") || null, signed_at: now.toISOString() },
  };
  const [existing] = await tx.select({ kyc: schema.customerProfiles.kyc }).from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId)).for("update");
  if (existing) {
    await tx.update(schema.customerProfiles).set({ kyc: { ...existing.kyc, ...answers }, updatedAt: now }).where(eq(schema.customerProfiles.customerId, customerId));
  } else {
    const fullName = text(values, "full_name");
    await tx.insert(schema.customerProfiles).values({
      customerId,
      personalCode,
      fullName,
      birthDate: nikBirthDate(personalCode, input.today) ?? input.today,
      kyc: answers,
      consent: { lender_agreement_version: LENDER_AGREEMENT_VERSION, accepted_at: now.toISOString() },
      updatedAt: now,
    });
    await tx.update(schema.customers).set({ name: fullName }).where(eq(schema.customers.id, customerId));
  }
  const [account] = await tx.insert(schema.accounts).values({ customerId, typeKey: "investment", status: "active" }).returning({ id: schema.accounts.id });
  if (!account) throw new Error("investment account not stored");
  const stored = await tx
    .insert(schema.lenderProfiles)
    .values({
      customerId,
      investmentAccountId: account.id,
      annualIncome: declaredIncome(text(values, "annual_income")),
      sourceOfFunds: oneOf(SOURCES_OF_FUNDS, text(values, "source_of_funds")),
      npwp: answers.npwp,
      taxResidency: oneOf(TAX_RESIDENCIES, text(values, "tax_residency")),
      riskAcceptedAt: now,
      agreementSignedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.lenderProfiles.customerId });
  if (stored.length === 0) throw alreadyRegistered();
  await tx.insert(schema.customerRoles).values({ customerId, typeKey: "modifier" }).onConflictDoNothing();
}
