import type { OfferSchedule } from "@pinjaman/contracts/offers";
import { formatTerm } from "@pinjaman/domain/dates";
import { LOAN_SETTINGS, clampToRange, rangeValues, type LoanSettings } from "@pinjaman/domain/loan-settings";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { signUpHref } from "./products.ts";
import { fetchOfferSchedule } from "./schedule-api.ts";
import { ScheduleTable } from "./schedule-table.tsx";
import "@pinjaman/i18n/ns/calculator";

/** Spec section 9: inputs are debounced 350 ms before a call. */
export const CALCULATOR_DEBOUNCE_MS = 350;

const markReady = (section: HTMLElement | null) => {
  if (section) section.dataset.ready = "true";
};

export type LoanCalculatorProps = {
  productKey: string;
  /** Registration flow the "Ajukan Sekarang" link starts. */
  flowKey: string;
  /** The schedule the server computed for the first paint; null makes the calculator ask. */
  initialSchedule: OfferSchedule | null;
  settings?: LoanSettings;
  debounceMs?: number;
};

type Loan = { amount: number; term: number };
type FieldErrors = Partial<Record<"amount" | "term", string>>;

/** A control's value: truncated to a whole number and limited to the allowed values. */
export function toLoanValue(raw: string | number, values: readonly number[]): number {
  return clampToRange(typeof raw === "number" ? raw : Number(raw), values);
}

type LoanControlProps = {
  id: string;
  label: string;
  value: number;
  values: readonly number[];
  step: number;
  format: (value: number) => string;
  error?: string;
  onChange: (value: number) => void;
};

/**
 * A slider on wide screens and a select list on phones (spec section 5). Both are in the HTML so
 * the server render needs no screen size; CSS hides one with display:none, which also takes it out
 * of the tab order and the accessibility tree.
 */
function LoanControl({ id, label, value, values, step, format, error, onChange }: LoanControlProps) {
  const text = format(value);
  const errorId = `${id}-error`;
  const described = error ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  const min = values[0] ?? value;
  const max = values[values.length - 1] ?? value;
  return (
    <div className="calc-field">
      <div className="calc-wide">
        <div className="calc-field-head">
          <label htmlFor={`${id}-range`}>{label}</label>
          <span className="calc-value" aria-hidden="true">
            {text}
          </span>
        </div>
        <input
          type="range"
          id={`${id}-range`}
          min={min}
          max={max}
          step={step}
          value={value}
          aria-valuetext={text}
          onChange={(event) => onChange(toLoanValue(event.currentTarget.value, values))}
          {...described}
        />
        <div className="calc-bounds" aria-hidden="true">
          <span>{format(min)}</span>
          <span>{format(max)}</span>
        </div>
      </div>
      <div className="calc-narrow">
        <label htmlFor={`${id}-select`}>{label}</label>
        <select
          id={`${id}-select`}
          value={value}
          onChange={(event) => onChange(toLoanValue(event.currentTarget.value, values))}
          {...described}
        >
          {values.map((v) => (
            <option key={v} value={v}>
              {format(v)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={errorId} className="calc-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const formatMonths = (n: number) => formatTerm(n, "month");

/** Loan calculator: amount and term in, the server's offer schedule out (spec sections 5, 9). */
export function LoanCalculator({
  productKey,
  flowKey,
  initialSchedule,
  settings = LOAN_SETTINGS,
  debounceMs = CALCULATOR_DEBOUNCE_MS,
}: LoanCalculatorProps) {
  const id = useId();
  const amounts = useMemo(
    () => rangeValues(settings.min_amount, settings.max_amount, settings.amount_step),
    [settings.min_amount, settings.max_amount, settings.amount_step],
  );
  const terms = useMemo(
    () => rangeValues(settings.min_term, settings.max_term, settings.term_step),
    [settings.min_term, settings.max_term, settings.term_step],
  );

  const [loan, setLoan] = useState<Loan>(() => ({
    amount: toLoanValue(initialSchedule?.amount ?? settings.default_amount, amounts),
    term: toLoanValue(initialSchedule?.term ?? settings.default_term, terms),
  }));
  const [schedule, setSchedule] = useState<OfferSchedule | null>(initialSchedule);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<AbortController | null>(null);

  function cancelPending() {
    clearTimeout(timer.current);
    inflight.current?.abort();
    inflight.current = null;
  }

  async function load(next: Loan) {
    const controller = new AbortController();
    inflight.current = controller;
    try {
      const result = await fetchOfferSchedule(productKey, next, controller.signal);
      if (controller.signal.aborted) return;
      if (result.ok) {
        setSchedule(result.schedule);
        setFieldErrors({});
        setFailure(null);
        return;
      }
      // Field messages are joined with a comma under their field (spec section 5).
      const { amount, term, ...others } = result.fields;
      const errors: FieldErrors = {};
      if (amount?.length) errors.amount = amount.join(", ");
      if (term?.length) errors.term = term.join(", ");
      const rest = Object.values(others).flat();
      setSchedule(null);
      setFieldErrors(errors);
      setFailure(
        rest.length > 0
          ? rest.join(", ")
          : errors.amount || errors.term
            ? null
            : result.message || t("calculator.error"),
      );
    } catch {
      if (controller.signal.aborted) return;
      setSchedule(null);
      setFieldErrors({});
      setFailure(t("calculator.error"));
    } finally {
      if (inflight.current === controller) inflight.current = null;
    }
  }

  function change(next: Loan) {
    setLoan(next);
    cancelPending();
    timer.current = setTimeout(() => void load(next), debounceMs);
  }

  // Without a server schedule (its call failed), ask once after hydration.
  const loadMissing = useEffectEvent(() => void load(loan));
  const missing = initialSchedule === null;
  useEffect(() => {
    if (missing) timer.current = setTimeout(loadMissing, 0);
    return () => {
      clearTimeout(timer.current);
      inflight.current?.abort();
    };
  }, [missing]);

  const dash = "–";
  return (
    // data-ready once hydrated: the module loads after the page, and a change made to the
    // server's controls before then is not seen (tests wait for it before they use the controls).
    <section className="calculator" aria-label={t("calculator.title")} ref={markReady}>
      <div className="calc-controls">
        <LoanControl
          id={`${id}-amount`}
          label={t("calculator.amount")}
          value={loan.amount}
          values={amounts}
          step={settings.amount_step}
          format={formatRupiah}
          error={fieldErrors.amount}
          onChange={(amount) => change({ ...loan, amount })}
        />
        <LoanControl
          id={`${id}-term`}
          label={t("calculator.term")}
          value={loan.term}
          values={terms}
          step={settings.term_step}
          format={formatMonths}
          error={fieldErrors.term}
          onChange={(term) => change({ ...loan, term })}
        />
      </div>
      {failure ? (
        <p className="calc-error" role="alert">
          {failure}
        </p>
      ) : null}
      <dl className="calc-summary">
        <div className="calc-monthly">
          <dt>{t("calculator.monthly")}</dt>
          <dd data-testid="calculator-monthly" aria-live="polite">{schedule ? formatRupiah(schedule.monthly_instalment) : dash}</dd>
        </div>
        <div className="calc-rate">
          <dt>{t("calculator.rate")}</dt>
          <dd>{schedule ? formatDailyRate(schedule.daily_rate_ppm) : dash}</dd>
        </div>
        <div>
          <dt>{t("calculator.total_interest")}</dt>
          <dd>{schedule ? formatRupiah(schedule.total_interest) : dash}</dd>
        </div>
        <div>
          <dt>{t("calculator.total_repayment")}</dt>
          <dd data-testid="calculator-total">{schedule ? formatRupiah(schedule.total_repayment) : dash}</dd>
        </div>
      </dl>
      <Link className="button button--primary calc-apply" to={signUpHref(flowKey, loan)}>
        {t("calculator.apply")}
      </Link>
      <p className="calc-note">{t("calculator.note")}</p>
      {schedule ? <ScheduleTable schedule={schedule} /> : null}
    </section>
  );
}
