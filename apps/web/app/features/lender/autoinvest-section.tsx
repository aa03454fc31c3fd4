import type { AutoinvestRulesBody, AutoinvestSetupData } from "@pinjaman/contracts/autoinvest";
import { RISK_GRADES } from "@pinjaman/domain/autoinvest";
import { parseRupiah } from "@pinjaman/domain/money-input";
import { t } from "@pinjaman/i18n";
import { useEffect, useId, useState, type FormEvent } from "react";
import { apiFetch, ApiError, joinFieldMessages, type FieldMessages } from "../shell/api-fetch.ts";
import "@pinjaman/i18n/ns/autoinvest";
import "@pinjaman/i18n/ns/errors";
import "./autoinvest.css";

type Setup = { data: AutoinvestSetupData };
type Choice = { value: string; label: string; ariaLabel?: string };

const setupUrl = (accountId: string) => `/app_api/v1/accounts/${accountId}/investments/setup`;

/** The form's numeric fields, typed as text so any input can be told apart from a number. */
const NUMBERS = ["amount_per_loan", "tenor_min_months", "tenor_max_months", "max_per_borrower", "reserve"] as const;
type NumberField = (typeof NUMBERS)[number];
/** The numbers counted in months; the others are rupiah, read by the site's one amount parser. */
const MONTHS: readonly NumberField[] = ["tenor_min_months", "tenor_max_months"];
type Draft = { enabled: boolean; risk_grades: string[]; product_keys: string[] } & Record<NumberField, string>;

const draftOf = (rules: AutoinvestRulesBody): Draft => ({
  enabled: rules.enabled,
  risk_grades: [...rules.risk_grades],
  product_keys: [...rules.product_keys],
  ...(Object.fromEntries(NUMBERS.map((name) => [name, String(rules[name])])) as Record<NumberField, string>),
});

/** The rules the draft says, or the messages of the fields that say no number (rupiah as the site writes them: "Rp 1.500.000"). */
function rulesOf(draft: Draft): { rules: Record<string, unknown>; errors: FieldMessages } {
  const errors: FieldMessages = {};
  const numbers: Record<string, number> = {};
  for (const name of NUMBERS) {
    const text = draft[name].trim();
    if (MONTHS.includes(name)) {
      if (/^\d{1,3}$/.test(text)) numbers[name] = Number(text);
      else errors[name] = [t("autoinvest.not_a_number")];
      continue;
    }
    const parsed = parseRupiah(text);
    if (parsed.ok) numbers[name] = parsed.value;
    else errors[name] = [parsed.error];
  }
  return { rules: { enabled: draft.enabled, risk_grades: draft.risk_grades, product_keys: draft.product_keys, ...numbers }, errors };
}

/** The products to choose from; a saved product no longer offered stays listed (by its key) so it can be unticked. */
function choicesOf({ autoinvest, products }: AutoinvestSetupData): Choice[] {
  const offered = products.map((p) => ({ value: p.key, label: p.name }));
  const gone = autoinvest.product_keys.filter((key) => !products.some((p) => p.key === key)).map((key) => ({ value: key, label: key }));
  return [...offered, ...gone];
}

/** The server's field names ("autoinvest.amount_per_loan", "autoinvest.risk_grades.0", "product_keys") as the form's. */
function formFields(fields: FieldMessages): FieldMessages {
  const mapped: FieldMessages = {};
  for (const [key, messages] of Object.entries(fields)) (mapped[key.replace(/^autoinvest\./, "").split(".")[0]!] ??= []).push(...messages);
  return mapped;
}

/**
 * The investment account's autoinvest rules (issue 9 §4, decision 0021): read them, change them,
 * save them with `PATCH …/investments/setup`. Only "is it a number" is checked here; every rule is
 * the contract's, on the server, whose field messages go under the fields.
 */
export function AutoinvestSection({ accountId }: { accountId: string }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [products, setProducts] = useState<Choice[]>([]);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    apiFetch<Setup>(setupUrl(accountId))
      .then((response) => {
        if (!current) return;
        setDraft(draftOf(response.data.autoinvest));
        setProducts(choicesOf(response.data));
      })
      .catch(() => current && setFailure(t("autoinvest.load_failed")));
    return () => {
      current = false;
    };
  }, [accountId]);

  const refuse = (fields: FieldMessages) => {
    setErrors(fields);
    setFailure(t("autoinvest.save_failed"));
    const first = [...NUMBERS, "risk_grades", "product_keys"].find((name) => fields[name]);
    document.getElementById(`${id}-${first}`)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    setStatus(null);
    setFailure(null);
    const { rules, errors: numberErrors } = rulesOf(draft);
    if (Object.keys(numberErrors).length > 0) return refuse(numberErrors);
    setErrors({});
    setBusy(true);
    try {
      const response = await apiFetch<Setup>(setupUrl(accountId), { method: "PATCH", body: { data: { autoinvest: rules } } });
      setDraft(draftOf(response.data.autoinvest));
      setProducts(choicesOf(response.data));
      setStatus(t("autoinvest.saved"));
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) refuse(formFields(e.fields));
      else setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {joinFieldMessages(errors[name])}
      </p>
    ) : null;
  const described = (name: string, hint = false) => [hint ? `${id}-${name}-hint` : undefined, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(" ") || undefined;

  const numberField = (name: NumberField, hint?: string) => (
    <div className="field" key={name}>
      <label htmlFor={`${id}-${name}`} className="field__label">
        {t(`autoinvest.${name}`)}
      </label>
      {hint && (
        <p id={`${id}-${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={`${id}-${name}`}
        name={name}
        className="field__input"
        inputMode="numeric"
        autoComplete="off"
        value={draft![name]}
        onChange={(e) => setDraft({ ...draft!, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name, Boolean(hint))}
      />
      {error(name)}
    </div>
  );

  /** Checkboxes whose checked values are kept in the choices' order. */
  const choiceGroup = (name: "risk_grades" | "product_keys", legend: string, choices: Choice[], hint?: string) => (
    <fieldset className="autoinvest__grades" aria-invalid={errors[name] ? true : undefined} aria-describedby={described(name, Boolean(hint))}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={`${id}-${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {choices.map((choice, i) => (
        <label key={choice.value} className="autoinvest__grade">
          <input
            id={i === 0 ? `${id}-${name}` : undefined}
            type="checkbox"
            name={name}
            value={choice.value}
            checked={draft![name].includes(choice.value)}
            aria-label={choice.ariaLabel}
            onChange={(e) => {
              const checked = e.target.checked ? [...draft![name], choice.value] : draft![name].filter((v) => v !== choice.value);
              setDraft({ ...draft!, [name]: choices.map((c) => c.value).filter((v) => checked.includes(v)) });
            }}
          />
          {choice.label}
        </label>
      ))}
      {error(name)}
    </fieldset>
  );

  return (
    <section className="autoinvest" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("autoinvest.title")}</h2>
      <p>{t("autoinvest.intro")}</p>
      {draft && (
        <form className="autoinvest__form" noValidate onSubmit={submit} aria-busy={busy} aria-labelledby={`${id}-title`}>
          <label className="autoinvest__switch">
            <input type="checkbox" name="enabled" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
            {t("autoinvest.enabled")}
          </label>
          {numberField("amount_per_loan", t("autoinvest.amount_per_loan_hint"))}
          <div className="autoinvest__pair">
            {numberField("tenor_min_months")}
            {numberField("tenor_max_months")}
          </div>
          {choiceGroup(
            "risk_grades",
            t("autoinvest.risk_grades"),
            RISK_GRADES.map((grade) => ({ value: grade, label: grade, ariaLabel: t("autoinvest.grade", { grade }) })),
          )}
          {choiceGroup("product_keys", t("autoinvest.product_keys"), products, t("autoinvest.product_keys_hint"))}
          {numberField("max_per_borrower")}
          {numberField("reserve")}
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("autoinvest.saving") : t("autoinvest.save")}
          </button>
        </form>
      )}
      <p role="status">{status}</p>
      {failure && (
        <p className="autoinvest__error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
