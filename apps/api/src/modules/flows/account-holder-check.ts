import type { FlowValues } from "@pinjaman/contracts/flows";
import { schema, type Db } from "@pinjaman/db";
import { holderMatchesName } from "@pinjaman/domain/field-rules/account-holder";
import { t } from "@pinjaman/i18n";
import { eq } from "drizzle-orm";
import type { StepDefinition } from "../../flows/definition.ts";
import { settlementHolderProblem } from "../partners/settlement-account.ts";
import "@pinjaman/i18n/ns/flows";

const text = (values: FlowValues, key: string): string => (typeof values[key] === "string" ? (values[key] as string).trim() : "");

/**
 * The name on the KTP: the profile's once the customer has one (a returning borrower, a borrower
 * becoming a lender: the flow cannot change it), else the name the flow's identity step took.
 */
async function ktpName(db: Db, customerId: string | null, values: FlowValues): Promise<string> {
  if (customerId) {
    const [profile] = await db.select({ fullName: schema.customerProfiles.fullName }).from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId));
    if (profile) return profile.fullName;
  }
  return text(values, "full_name");
}

/**
 * Whose account a flow's bank step names (issue 17 §4; the provider's account-name inquiry comes
 * later and this holds without it): a partner's settlement account carries the legal name its
 * own step gives, anyone else's the customer's KTP name. The message naming the name, or null.
 */
export async function holderProblem(db: Db, customerId: string | null, values: FlowValues, step: StepDefinition): Promise<string | null> {
  const holder = text(values, "bank_account_holder");
  if (step.fields.some((f) => f.key === "legal_name")) {
    const legalName = text(values, "legal_name");
    return legalName ? settlementHolderProblem(holder, legalName) : null;
  }
  const name = await ktpName(db, customerId, values);
  if (!name) return t("flows.error.bank_account_holder_unknown");
  return holderMatchesName(holder, name) ? null : t("flows.error.bank_account_holder_mismatch", { name });
}
