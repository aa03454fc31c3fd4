import { formatDate } from "@pinjaman/domain/dates";
import { t } from "@pinjaman/i18n";
import { useEffect, useId, useState, type FormEvent } from "react";
import { apiFetch, ApiError } from "../shell/api-fetch.ts";
import { CLOCK_URL, parseDays, type BusinessClockResponse, type MoveBusinessClockResponse } from "./business-clock.ts";
import "@pinjaman/i18n/ns/sandbox";
import "@pinjaman/i18n/ns/errors";
import "./business-clock.css";

type Clock = BusinessClockResponse["data"];

/**
 * The sandbox page's clock: today's business date and a form that moves it forward, which runs
 * the jobs due in the skipped days (late fees, deadlines, reminders) so a tester sees their effect.
 */
export function BusinessClockControl() {
  const id = useId();
  const [clock, setClock] = useState<Clock | null>(null);
  const [days, setDays] = useState("1");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    apiFetch<BusinessClockResponse>(CLOCK_URL)
      .then((response) => current && setClock(response.data))
      .catch((e: unknown) => current && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      current = false;
    };
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    setError(null);
    const parsed = parseDays(days);
    if (parsed === null) {
      setFieldError(t("sandbox.clock.days_invalid"));
      document.getElementById(`${id}-days`)?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const response = await apiFetch<MoveBusinessClockResponse>(CLOCK_URL, { method: "POST", body: { data: { days: parsed } } });
      const { job_runs, ...moved } = response.data;
      setClock(moved);
      setDone(t("sandbox.clock.moved", { date: formatDate(moved.business_date), count: job_runs.length }));
    } catch (e) {
      const message = e instanceof ApiError ? (e.fieldMessage("days") ?? null) : null;
      if (message) setFieldError(message);
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return (
    <section className="business-clock" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("sandbox.clock.title")}</h2>
      <p>{t("sandbox.clock.intro")}</p>
      <p className="business-clock__date" data-testid="business-date">
        {t("sandbox.clock.business_date")}:{" "}
        {clock ? <time dateTime={clock.business_date}>{formatDate(clock.business_date)}</time> : "…"}
        {clock && <span className="business-clock__offset"> · {clock.offset_days > 0 ? t("sandbox.clock.ahead", { days: clock.offset_days }) : t("sandbox.clock.real")}</span>}
      </p>
      <form className="business-clock__form" noValidate onSubmit={submit} aria-busy={busy} aria-label={t("sandbox.clock.form_title")}>
        <div className="field">
          <label htmlFor={`${id}-days`} className="field__label">
            {t("sandbox.clock.days")}
          </label>
          <p id={`${id}-hint`} className="field__hint">
            {t("sandbox.clock.days_hint")}
          </p>
          <input
            id={`${id}-days`}
            name="days"
            className="field__input"
            inputMode="numeric"
            autoComplete="off"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy}
          />
          {fieldError && (
            <p id={`${id}-error`} className="field__error">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("sandbox.clock.moving") : t("sandbox.clock.submit")}
        </button>
      </form>
      <p role="status">{done}</p>
      {error && (
        <p className="business-clock__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
