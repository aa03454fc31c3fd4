import type { WithdrawalCode } from "@pinjaman/contracts/lender-money";
import { formatRupiah } from "@pinjaman/domain/money";
import { parseRupiah } from "@pinjaman/domain/money-input";
import { WITHDRAWAL_MIN_AMOUNT } from "@pinjaman/domain/withdrawals";
import { t } from "@pinjaman/i18n";
import { useId, useRef, useState, type FormEvent } from "react";
import { AmountField } from "../shell/amount-field.tsx";
import { ApiError } from "../shell/api-fetch.ts";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import type { InvestmentAccountSectionProps } from "./investment-account-sections.tsx";
import { lenderMoneyApi, type LenderMoneyApi } from "./lender-money-api.ts";
import { WithdrawalList } from "./withdrawal-list.tsx";
import "@pinjaman/i18n/ns/lender_money";
import "./lender-money.css";

type Confirmation = WithdrawalCode & { amount: number; key: string };

/**
 * "Tarik dana" (issue 9 §2): an amount, a one-time code sent for exactly that amount, then the
 * withdrawal to the lender's verified bank account; below, the withdrawals with their status.
 * One idempotency key per code: a double click or a retry after a network failure withdraws once.
 * A withdrawal made tells the page (`onChanged`), which reloads the balance it took from.
 */
export function WithdrawalSection({ accountId, onChanged, api = lenderMoneyApi }: InvestmentAccountSectionProps & { api?: LenderMoneyApi }) {
  const id = useId();
  const [list, reload] = useLoaded(accountId, () => api.withdrawals(accountId));
  const [amount, setAmount] = useState("");
  const [code, setCode] = useState("");
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function run(work: () => Promise<void>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await work();
    } catch (e) {
      if (e instanceof ApiError) setFieldErrors({ amount: e.fieldMessage("amount"), code: e.fieldMessage("code") });
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function requestCode(event: FormEvent) {
    event.preventDefault();
    setDone("");
    const parsed = parseRupiah(amount);
    if (!parsed.ok || parsed.value < WITHDRAWAL_MIN_AMOUNT) {
      setFieldErrors({ amount: parsed.ok || amount.trim() === "" ? t("lender_money.withdrawal.amount_hint", { min: formatRupiah(WITHDRAWAL_MIN_AMOUNT) }) : parsed.error });
      return;
    }
    const value = parsed.value;
    void run(async () => {
      const sent = await api.withdrawalCode(accountId, value);
      setCode("");
      setConfirmation({ ...sent, amount: value, key: crypto.randomUUID() });
    });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!confirmation) return;
    void run(async () => {
      const made = await api.withdraw(accountId, { amount: confirmation.amount, idempotency_key: confirmation.key, signature_id: confirmation.signature_id, code: code.trim() });
      setConfirmation(null);
      setAmount("");
      setDone(t("lender_money.withdrawal.done", { amount: formatRupiah(made.amount) }));
      reload();
      onChanged?.();
    });
  }

  const min = formatRupiah(WITHDRAWAL_MIN_AMOUNT);
  const fieldError = (field: string) =>
    fieldErrors[field] && (
      <p id={`${id}-${field}-error`} className="field__error">
        {fieldErrors[field]}
      </p>
    );
  return (
    <section className="lender-money" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("lender_money.withdrawal.title")}</h2>
      <p className="field__hint">{t("lender_money.withdrawal.intro", { min })}</p>
      {confirmation === null ? (
        <form noValidate onSubmit={requestCode} aria-busy={busy}>
          <AmountField
            id={`${id}-amount`}
            label={t("lender_money.withdrawal.amount")}
            value={amount}
            onChange={setAmount}
            hint={t("lender_money.withdrawal.amount_hint", { min })}
            error={fieldErrors.amount}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("lender_money.withdrawal.send_code")}
          </button>
        </form>
      ) : (
        <form noValidate onSubmit={confirm} aria-busy={busy}>
          <p role="status">{t("lender_money.withdrawal.code_sent", { destination: confirmation.code_sent_to })}</p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-code`}>
              {t("lender_money.withdrawal.code")}
            </label>
            <input
              id={`${id}-code`}
              className="field__input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={fieldErrors.code ? true : undefined}
              aria-describedby={fieldErrors.code ? `${id}-code-error` : undefined}
            />
            {fieldError("code")}
          </div>
          <div className="lender-money__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("lender_money.withdrawal.confirm")} {formatRupiah(confirmation.amount)}
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => setConfirmation(null)}>
              {t("lender_money.withdrawal.cancel")}
            </button>
          </div>
        </form>
      )}
      <p role="status">{done}</p>
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
      <LoadingBox loaded={list !== null} error={list?.error ?? null}>
        {list?.data && <WithdrawalList withdrawals={list.data} />}
      </LoadingBox>
    </section>
  );
}
