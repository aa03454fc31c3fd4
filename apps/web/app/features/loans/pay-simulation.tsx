import type { NewPayment } from "@pinjaman/contracts/invoices";
import type { NewPaymentRequest } from "@pinjaman/contracts/payments";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah, parseRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../shell/api-fetch.ts";
import type { LoansApi } from "./loans-api.ts";
import "@pinjaman/i18n/ns/loans";

type Props = { accountId: string; payment: NewPayment; api: LoansApi; onPaid: () => void };

/**
 * The sandbox's "Simulasikan pembayaran" (POST accounts/{id}/payments): a transfer into the loan's
 * VA on a channel. One idempotency key per submission, and a submission in flight ignores
 * further clicks, so a double click pays once; a retry after a network failure reuses the key.
 */
export function PaySimulation({ accountId, payment, api, onPaid }: Props) {
  const id = useId();
  const [channel, setChannel] = useState(payment.channels[0]?.key ?? "");
  const [amount, setAmount] = useState(String(payment.amount_due || payment.next_amount || ""));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  /** The key of a submission whose outcome is unknown (network failure), reused for the same request. */
  const pending = useRef<{ request: string; key: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const value = parseRupiah(amount);
    setDone("");
    setError(null);
    if (value === null) {
      setFieldErrors({ amount: t("loans.simulate.amount_invalid") });
      return;
    }
    setFieldErrors({});
    const request = `${channel}:${value}`;
    if (pending.current?.request !== request) pending.current = { request, key: crypto.randomUUID() };
    const data = { channel, amount: value, idempotency_key: pending.current.key } as NewPaymentRequest;
    inFlight.current = true;
    setBusy(true);
    try {
      const paid = await api.pay(accountId, data);
      pending.current = null;
      setDone(paid.account_status === "closed" ? t("loans.simulate.closed", { amount: formatRupiah(paid.amount) }) : t("loans.simulate.done", { amount: formatRupiah(paid.amount), date: formatDate(paid.paid_on) }));
      onPaid();
    } catch (e) {
      // A refusal changed nothing: the next submission is a new payment. Otherwise keep the key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) pending.current = null;
      if (e instanceof ApiError) setFieldErrors({ amount: e.fieldMessage("amount"), channel: e.fieldMessage("channel") });
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const describedBy = (field: string) => (fieldErrors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form className="pay-simulation" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("loans.simulate.title")}</h3>
      <p className="field__hint">{t("loans.simulate.intro")}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-channel`}>
          {t("loans.simulate.channel")}
        </label>
        <select id={`${id}-channel`} className="field__input" value={channel} onChange={(e) => setChannel(e.target.value)} aria-invalid={fieldErrors.channel ? true : undefined} aria-describedby={describedBy("channel")}>
          {payment.channels.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        {fieldErrors.channel && (
          <p id={`${id}-channel-error`} className="field__error">
            {fieldErrors.channel}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-amount`}>
          {t("loans.simulate.amount")}
        </label>
        <input
          id={`${id}-amount`}
          className="field__input"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={fieldErrors.amount ? true : undefined}
          aria-describedby={describedBy("amount")}
        />
        {fieldErrors.amount && (
          <p id={`${id}-amount-error`} className="field__error">
            {fieldErrors.amount}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("loans.simulate.submitting") : t("loans.simulate.submit")}
      </button>
      <p role="status">{done}</p>
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
