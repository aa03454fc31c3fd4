import type { FlowValues } from "@pinjaman/contracts/flows";
import type { PublicProduct } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import { formatDate, formatRupiah } from "@pinjaman/domain";
import { t } from "@pinjaman/i18n";
import type { AddressType } from "@pinjaman/domain/address-filter";
import { ADDRESS_TYPES } from "@pinjaman/domain/address-filter";
import type { StepDefinition } from "../../flows/definition.ts";
import { checkAddressValues } from "../addresses/address-service.ts";
import { RESEND_AFTER_SECONDS } from "../authentication/one-time-code.ts";
import { defaultOfferSchedule } from "../offers/schedule-service.ts";
import { TERMS_VERSION } from "./step-effects.ts";
import "@pinjaman/i18n/ns/flows";

const str = (values: FlowValues, key: string): string => (typeof values[key] === "string" ? (values[key] as string) : "");

/** Labels of the chosen address codes of a step, by field key (for every address chain in it). */
export async function addressLabels(db: Db, step: StepDefinition, values: FlowValues): Promise<Record<string, string>> {
  const regions = step.fields.filter((f) => f.templateKey === "address" && f.config?.address_type === "region");
  const labels: Record<string, string> = {};
  for (const region of regions) {
    const prefix = region.key.slice(0, -"region".length);
    const chain: Partial<Record<AddressType, string | null>> = {};
    for (const type of ADDRESS_TYPES) chain[type] = str(values, `${prefix}${type}`) || null;
    if (!chain.region) continue;
    const result = await checkAddressValues(db, chain);
    for (const [type, label] of Object.entries(result.labels)) if (label) labels[`${prefix}${type}`] = label;
  }
  return labels;
}

/**
 * The contract a borrower agrees to and signs: rendered from their answers and the offer priced
 * on the business date `today` (the same call the calculator used), so the text names exactly
 * what will be applied for. The amounts are the stored schedule's whatever the payout date; the
 * due dates count from the payout, days or weeks later (funding, cooling-off), so the text says so
 * and shows the dates a payout today would give (decision 0003).
 */
export async function contractData(db: Db, product: PublicProduct, values: FlowValues, today: string) {
  const amount = typeof values.amount === "number" ? values.amount : product.loanSettings.default_amount;
  const term = typeof values.term === "number" ? values.term : product.loanSettings.default_term;
  const offer = await defaultOfferSchedule(db, product.key, { amount, term }, today);
  const [first, last] = [offer.instalments[0], offer.instalments.at(-1)];
  const vars = {
    name: str(values, "full_name") || "-",
    personal_code: str(values, "personal_code") || "-",
    product: product.name,
    amount: formatRupiah(offer.amount),
    term: offer.term,
    instalment: formatRupiah(offer.monthly_instalment),
    total: formatRupiah(offer.total_repayment),
    interest: formatRupiah(offer.total_interest),
    rate: (offer.daily_rate_ppm / 10_000).toLocaleString("id-ID", { maximumFractionDigits: 4 }),
    date: formatDate(today),
    first_due: first ? formatDate(first.due_on) : "-",
    last_due: last ? formatDate(last.due_on) : "-",
  };
  return {
    contract: {
      title: t("flows.contract.title", vars),
      terms_version: TERMS_VERSION,
      paragraphs: ["parties", "loan", "cost", "repayment", "late", "privacy", "law"].map((p) => t(`flows.contract.${p}`, vars)),
      offer,
    },
  };
}

/** What the signature step shows: where the code went and how long until a new one may be sent. */
export function signatureData(values: FlowValues, now: Date) {
  const sentAt = str(values, "_signature_sent_at");
  const elapsed = sentAt ? Math.floor((now.getTime() - Date.parse(sentAt)) / 1000) : RESEND_AFTER_SECONDS;
  return {
    signature: {
      code_sent_to: str(values, "_signature_sent_to") || null,
      resend_after: Math.max(0, RESEND_AFTER_SECONDS - elapsed),
      error: str(values, "_signature_error") || null,
    },
  };
}
