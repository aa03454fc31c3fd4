import { and, eq, ne, sql } from "drizzle-orm";
import type { FlowValues } from "@pinjaman/contracts/flows";
import type { PublicProduct } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { checkFieldValue } from "@pinjaman/domain/field-rules";
import { checkLoanRequest } from "@pinjaman/domain/loan-settings";
import { nikBirthDate } from "@pinjaman/domain/nik";
import { npwpDigits } from "@pinjaman/domain/npwp";
import { t } from "@pinjaman/i18n";
import type { AddressType } from "@pinjaman/domain/address-filter";
import { ADDRESS_TYPES } from "@pinjaman/domain/address-filter";
import type { StepCheckKey, StepDefinition } from "../../flows/definition.ts";
import { waitText } from "../throttle/throttle-service.ts";
import { checkAddressValues } from "../addresses/address-service.ts";
import { checkUploadedFileValue } from "../field-uploads/upload-service.ts";
import type { OpenBankingProvider } from "../../integrations/open-banking/open-banking-provider.ts";
import type { FileStorage } from "../../integrations/storage/file-storage.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { isBankAccountHolder, isBankAccountNumber } from "@pinjaman/domain/field-rules/bank-account";
import { defaultOfferSchedule } from "../offers/schedule-service.ts";
import { enterSignatureCode, isSigned, type SignatureContext } from "../signatures/signature-service.ts";
import { holderProblem } from "./account-holder-check.ts";
import { checkLenderData } from "./lender-registration.ts";
import { fieldRange, holdsNoValue } from "./step-view.ts";
import "@pinjaman/i18n/ns/flows";
import "@pinjaman/i18n/ns/authy";

export type FieldMessages = Record<string, string[]>;

export type CheckContext = {
  db: Db;
  storage: FileStorage;
  openBanking: OpenBankingProvider;
  signatures: SignatureContext;
  product: PublicProduct | null;
  customerId: string | null;
  flowProgressId: string;
  today: string;
};

function add(errors: FieldMessages, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}

const text = (values: FlowValues, key: string): string => (typeof values[key] === "string" ? (values[key] as string).trim() : "");

/** The subject a contract signature confirms: this progress's contract, nothing else. */
export function contractSubject(flowProgressId: string): string {
  return `flow_progress:${flowProgressId}:contract`;
}

const CHECKS: Record<StepCheckKey, (ctx: CheckContext, values: FlowValues, errors: FieldMessages, step: StepDefinition) => Promise<void>> = {
  async loan_request(ctx, values, errors) {
    if (!ctx.product || typeof values.amount !== "number" || typeof values.term !== "number") return;
    try {
      await defaultOfferSchedule(ctx.db, ctx.product.key, { amount: values.amount, term: values.term }, ctx.today);
    } catch (error) {
      if (!(error instanceof FieldErrors)) throw error;
      for (const [key, messages] of Object.entries(error.fields)) for (const m of messages) add(errors, key, m);
    }
    // An offered flow narrows the product's settings to the customer's limits (borrower-offers.ts).
    if (errors.amount || errors.term) return;
    for (const problem of checkLoanRequest({ amount: values.amount, term: values.term }, ctx.product.loanSettings)) add(errors, problem.field, problem.message);
  },

  /** The engine checks the chosen product against the customer's offer when it prices the step (progress-product.ts productFor). */
  async product_choice() {},

  async new_account(ctx, values, errors) {
    const email = text(values, "email").toLowerCase();
    if (!email) return;
    const [taken] = await ctx.db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, email)).limit(1);
    if (taken) add(errors, "email", t("flows.error.email_taken"));
  },

  async personal_data(ctx, values, errors) {
    const code = text(values, "personal_code");
    if (!/^\d{16}$/.test(code)) return;
    const owner = ctx.customerId ? ne(schema.customerProfiles.customerId, ctx.customerId) : sql`true`;
    const [taken] = await ctx.db
      .select({ id: schema.customerProfiles.customerId })
      .from(schema.customerProfiles)
      .where(and(eq(schema.customerProfiles.personalCode, code), owner))
      .limit(1);
    if (taken) add(errors, "personal_code", t("flows.error.personal_code_taken"));
    const born = nikBirthDate(code, ctx.today);
    const birthDate = text(values, "birth_date");
    if (born && birthDate && born !== birthDate) add(errors, "birth_date", t("flows.error.birth_date_mismatch"));
    const gender = text(values, "gender");
    const female = Number(code[6]) >= 4;
    if (gender && (gender === "female") !== female) add(errors, "gender", t("flows.error.gender_mismatch"));
  },

  async address(ctx, values, errors, step) {
    const prefixes = new Set(
      step.fields.filter((f) => f.templateKey === "address" && f.config?.address_type === "region").map((f) => f.key.slice(0, -"region".length)),
    );
    for (const prefix of prefixes) {
      const chain: Partial<Record<AddressType, string | null>> = {};
      for (const type of ADDRESS_TYPES) chain[type] = text(values, `${prefix}${type}`) || null;
      const result = await checkAddressValues(ctx.db, chain);
      for (const [type, messages] of Object.entries(result.errors)) for (const m of messages ?? []) add(errors, `${prefix}${type}`, m);
    }
  },

  async uploads(ctx, values, errors, step) {
    for (const field of step.fields) {
      if (!["camera_front", "camera_rear", "file_upload"].includes(field.templateKey) || !values[field.key]) continue;
      const messages = await checkUploadedFileValue(ctx.db, values[field.key], {
        customerId: ctx.customerId,
        flowProgressId: ctx.flowProgressId,
        storage: ctx.storage,
        ...(field.config?.accept ? { accept: field.config.accept } : {}),
      });
      for (const m of messages) add(errors, field.key, m);
    }
  },

  async bank_account(ctx, values, errors, step) {
    const number = text(values, "bank_account_number");
    if (number && !isBankAccountNumber(number)) add(errors, "bank_account_number", t("flows.error.bank_account_number"));
    const holder = text(values, "bank_account_holder");
    if (!holder) return;
    if (!isBankAccountHolder(holder)) return add(errors, "bank_account_holder", t("flows.error.bank_account_holder"));
    const problem = await holderProblem(ctx.db, ctx.customerId, values, step);
    if (problem) add(errors, "bank_account_holder", problem);
  },

  async business_data(_ctx, values, errors) {
    const npwp = text(values, "npwp");
    if (npwp && !npwpDigits(npwp)) add(errors, "npwp", t("flows.error.npwp"));
  },

  async lender_data(ctx, values, errors) {
    await checkLenderData(ctx.db, ctx.customerId, values, errors);
  },

  async signature_code(ctx, values, errors) {
    const signatureId = text(values, "_signature_id");
    const code = text(values, "signature_code");
    if (!ctx.customerId || !signatureId) {
      add(errors, "signature_code", t("flows.error.signature_missing"));
      return;
    }
    const subject = contractSubject(ctx.flowProgressId);
    if (await isSigned(ctx.db, { id: signatureId, customerId: ctx.customerId, subject })) return;
    if (!/^\d{6}$/.test(code)) {
      if (code) add(errors, "signature_code", t("flows.error.signature_code_format"));
      return;
    }
    const result = await enterSignatureCode(ctx.signatures, { id: signatureId, customerId: ctx.customerId, code });
    switch (result.kind) {
      case "signed":
        return;
      case "wrong":
        add(errors, "signature_code", t("authy.code.wrong", { left: result.attemptsLeft }));
        return;
      case "code_expired":
        add(errors, "signature_code", t("authy.code.expired"));
        return;
      case "throttled":
        add(errors, "signature_code", t("authy.code.throttled", { wait: waitText(result.retryAfterSeconds) }));
        return;
      default:
        add(errors, "signature_code", t("flows.error.signature_closed"));
    }
  },

  /** The connection the widget reported must exist with the provider, made for this very progress. */
  async open_banking(ctx, values, errors, step) {
    for (const field of step.fields.filter((f) => f.templateKey === "open_banking")) {
      const id = text(values, field.key);
      if (!id) continue;
      const connection = await ctx.openBanking.findConnection(id);
      if (!connection || connection.flowProgressId !== ctx.flowProgressId) add(errors, field.key, t("flows.error.open_banking_not_connected"));
    }
  },
};

/**
 * Everything a forward movement must satisfy: each field's own rule (the domain package, the same
 * rules the site checks first), then the step's server checks. Messages per field key.
 */
export async function checkStep(ctx: CheckContext, step: StepDefinition, values: FlowValues): Promise<FieldMessages> {
  const errors: FieldMessages = {};
  for (const field of step.fields) {
    if (field.readOnly || holdsNoValue(field)) continue;
    const checked = {
      key: field.key,
      templateKey: field.templateKey,
      required: field.required ?? false,
      readOnly: false,
      rangeValues: fieldRange(field, ctx.product),
      options: field.options ?? null,
      config: field.config ?? null,
    };
    for (const m of checkFieldValue(checked, values[field.key] ?? null, ctx.today)) add(errors, field.key, m);
  }
  for (const check of step.checks ?? []) {
    // A field already wrong by its own rule is not checked further (one clear message).
    const settled = Object.fromEntries(Object.entries(values).filter(([key]) => !errors[key]));
    await CHECKS[check](ctx, settled, errors, step);
  }
  return errors;
}
