import type {
  BackOfficeProduct,
  ProductPricingValues,
} from "@pinjaman/contracts/back-office-settings";
import { jakartaToday } from "@pinjaman/domain/dates";
import { formatDailyRate, formatPpmPercent } from "@pinjaman/domain/money";
import {
  checkProductPricing,
  PRICING_FIELDS,
  type PricingField,
} from "@pinjaman/domain/product-pricing";
import { useState, type FormEvent } from "react";
import { useLoaded } from "../../shell/use-loaded.ts";
import { ApiError, type FieldMessages } from "../../shell/api-fetch.ts";
import { FormField } from "./form-field.tsx";
import { readNumbers, showNumber, type NumberKind } from "./number-input.ts";
import { settingsApi, type SettingsApi } from "./settings-api.ts";
import { dateTime, label } from "./settings-text.ts";
import "@pinjaman/i18n/ns/back_office_settings";
import "./settings.css";

type Draft = Record<PricingField, string> & { active: boolean; reason: string };

/** Rates typed as percent ("0,3"), amounts as rupiah ("1.500.000"), tenors in months. */
const KINDS: Record<PricingField, NumberKind> = {
  daily_rate_ppm: "percent",
  upfront_fee_ppm: "percent",
  min_amount: "rupiah",
  max_amount: "rupiah",
  amount_step: "rupiah",
  default_amount: "rupiah",
  min_term: "count",
  max_term: "count",
  term_step: "count",
  default_term: "count",
};

const draftOf = (p: BackOfficeProduct): Draft => ({
  ...(Object.fromEntries(
    PRICING_FIELDS.map((f) => [f, showNumber(KINDS[f], p.current[f])]),
  ) as Record<PricingField, string>),
  active: p.current.active,
  reason: "",
});

/** The draft as numbers, and the parser's messages for what it could not read. */
function valuesOf(draft: Draft): { values: ProductPricingValues; unread: FieldMessages } {
  const { numbers, errors } = readNumbers(KINDS, draft);
  return { values: { ...numbers, active: draft.active }, unread: errors as FieldMessages };
}

/** One product's price list: the form (checked by the same OJK rule as the server) and its history. */
export function ProductPricingCard({
  product,
  api,
  onSaved,
}: {
  product: BackOfficeProduct;
  api: SettingsApi;
  onSaved: (p: BackOfficeProduct) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [status, setStatus] = useState<"idle" | "saving" | "saved" | "failed">(
    "idle",
  );
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { values, unread } = valuesOf(draft);
    const found: FieldMessages = {
      ...(checkProductPricing(
        product.loan_type,
        values,
        jakartaToday(),
      ) as FieldMessages),
      ...unread,
    };
    if (draft.reason.trim().length < 3)
      found.reason = [label("common.reason_hint")];
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus("failed");
      setMessage(label("common.failed"));
      return;
    }
    setStatus("saving");
    try {
      const saved = await api.changePricing(
        product.key,
        values,
        draft.reason.trim(),
      );
      setStatus("saved");
      setMessage(label("common.saved"));
      setDraft(draftOf(saved));
      onSaved(saved);
    } catch (error) {
      setStatus("failed");
      setErrors(error instanceof ApiError ? error.fields : {});
      setMessage(
        error instanceof Error ? error.message : label("common.failed"),
      );
    }
  }

  const set = (field: keyof Draft) => (event: { target: HTMLInputElement }) =>
    setDraft((d) => ({
      ...d,
      [field]: field === "active" ? event.target.checked : event.target.value,
    }));
  const headingId = `product-${product.key}`;
  return (
    <section className="bo-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {product.name} · {label(`pricing.loan_type.${product.loan_type}`)}
      </h2>
      <p>
        {label("pricing.current_version", {
          version: product.current.version,
          from: dateTime(product.current.effective_from),
        })}
      </p>
      <form onSubmit={submit} noValidate aria-label={product.name}>
        <div className="bo-grid">
          {PRICING_FIELDS.map((field) => (
            <FormField
              key={field}
              label={label(`pricing.fields.${field}`)}
              inputMode={KINDS[field] === "percent" ? "decimal" : "numeric"}
              name={field}
              value={draft[field]}
              onChange={set(field)}
              errors={errors[field]}
            />
          ))}
        </div>
        <label className="bo-check">
          <input
            type="checkbox"
            name="active"
            checked={draft.active}
            onChange={set("active")}
          />
          {label("pricing.fields.active")}
        </label>
        <FormField
          label={label("common.reason")}
          hint={label("common.reason_hint")}
          name="reason"
          value={draft.reason}
          onChange={set("reason")}
          errors={errors.reason}
        />
        <button type="submit" disabled={status === "saving"}>
          {status === "saving" ? label("common.saving") : label("common.save")}
        </button>
        {message ? (
          <p
            role={status === "failed" ? "alert" : "status"}
            className={status === "failed" ? "bo-error" : undefined}
          >
            {message}
          </p>
        ) : null}
      </form>
      <details>
        <summary>{label("pricing.history")}</summary>
        <ol className="bo-list">
          {product.history.map((v) => (
            <li key={v.version}>
              {label("pricing.history_row", {
                version: v.version,
                from: dateTime(v.effective_from),
                rate: formatDailyRate(v.daily_rate_ppm),
                fee: formatPpmPercent(v.upfront_fee_ppm),
                active: v.active
                  ? label("pricing.active")
                  : label("pricing.inactive"),
              })}
              {v.reason ? ` · ${v.reason}` : ""}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

/** /back-office/products (products.manage). */
export function ProductsPage({ api = settingsApi }: { api?: SettingsApi }) {
  const [loaded, reload] = useLoaded("products", () => api.products());
  return (
    <div className="bo-settings">
      <h1>{label("pricing.title")}</h1>
      <p>{label("pricing.intro")}</p>
      {loaded === null ? <p role="status">{label("common.loading")}</p> : null}
      {loaded?.error ? <p role="alert">{loaded.error}</p> : null}
      {loaded?.data?.map((product) => (
        <ProductPricingCard
          key={product.key}
          product={product}
          api={api}
          onSaved={reload}
        />
      ))}
    </div>
  );
}
