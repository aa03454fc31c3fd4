import { formatRupiah } from "@pinjaman/domain/money";
import { parseRupiah } from "@pinjaman/domain/money-input";
import { INVESTMENT_AMOUNT, investmentAmountProblem } from "@pinjaman/domain/funding";
import { investmentStatusLabel } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { AmountField } from "../shell/amount-field.tsx";
import { ApiError } from "../shell/api-fetch.ts";
import { investmentPath, useLenderApi, type InvestResult } from "./lender-api.ts";
import "@pinjaman/i18n/ns/investments";

/** What the application holds after an investment (the answer's funding). */
export type FundingAfter = { funded: number; remaining: number };

type Props = { accountId: string; applicationId: string; remaining: number; onInvested: (funding: FundingAfter) => void };

const LIMITS = { min: formatRupiah(INVESTMENT_AMOUNT.min), step: formatRupiah(INVESTMENT_AMOUNT.step) };

/**
 * POST investments: the amount (minimum and step of packages/domain funding.ts, checked here for
 * speed and always by the server), one idempotency key per submission (a retry after a network
 * failure reuses it, so a lost answer never invests twice), the server's field messages under the
 * field, and the funding it answers.
 */
export function InvestForm({ accountId, applicationId, remaining, onInvested }: Props) {
  const api = useLenderApi();
  const id = useId();
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<InvestResult | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const pending = useRef<{ amount: number; key: string } | null>(null);
  const k = (key: string, vars?: Record<string, string>) => t(`investments.application.${key}`, vars);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    setError(null);
    setDone(null);
    const parsed = parseRupiah(amount);
    if (!parsed.ok) {
      setFieldError(amount.trim() === "" ? k("required", LIMITS) : parsed.error);
      return;
    }
    const value = parsed.value;
    const problem = investmentAmountProblem(value, remaining);
    if (problem) {
      setFieldError(k(problem, LIMITS));
      return;
    }
    setFieldError(undefined);
    if (pending.current?.amount !== value) pending.current = { amount: value, key: crypto.randomUUID() };
    inFlight.current = true;
    setBusy(true);
    try {
      const invested = await api.invest(accountId, { account_application_id: applicationId, amount: value, idempotency_key: pending.current.key });
      setDone(invested);
      pending.current = null;
      setAmount("");
      onInvested({ funded: invested.funding.funded, remaining: invested.funding.remaining });
    } catch (e) {
      // A refusal changed nothing: the next submission is a new investment. Otherwise keep the key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) pending.current = null;
      const refusal = e instanceof ApiError ? e : null;
      const amountMessage = refusal?.fieldMessage("amount");
      setFieldError(amountMessage);
      if (!amountMessage) setError(refusal?.fieldMessage("account_application_id") ?? refusal?.fieldMessage("idempotency_key") ?? (e instanceof Error ? e.message : String(e)));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <form className="invest-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{k("invest_title")}</h2>
      <AmountField id={`${id}-amount`} label={k("amount_label")} value={amount} onChange={setAmount} hint={k("amount_hint", LIMITS)} error={fieldError} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? k("submitting") : k("submit")}
      </button>
      <div role="status">
        {done && (
          <p>
            {k("success", { amount: formatRupiah(done.investment.amount), status: investmentStatusLabel(done.investment.status), remaining: formatRupiah(done.funding.remaining) })}{" "}
            <Link to={investmentPath(accountId, done.investment.id)}>{k("view_investment")}</Link>
          </p>
        )}
      </div>
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
