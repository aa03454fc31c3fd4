import type { LoanCandidate, ParkedPayment } from "@pinjaman/contracts/back-office-queues";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../../shell/api-fetch.ts";
import { LoadState } from "./load-state.tsx";
import { queuesApi, type QueuesApi } from "./queues-api.ts";
import { ReasonDialog } from "./reason-dialog.tsx";
import { RefundDialog } from "./refund-dialog.tsx";
import { useLoad } from "./use-load.ts";
import "@pinjaman/i18n/ns/back_office_queues";
import "@pinjaman/i18n/ns/flows";
import "./queues.css";

type Api = Pick<QueuesApi, "parked" | "searchLoans" | "match" | "refund">;
type Action = { kind: "match" | "refund"; payment: ParkedPayment };

/**
 * Reconciliation of parked payments: the ones waiting (unknown VA, impossible amount, loan not
 * active) with a match to an active loan found by name, e-mail or VA number, or a refund to the
 * payer's bank account, each with a reason; and the ones done (refunded, refund failed: try again).
 */
export function Reconciliation({ api = queuesApi }: { api?: Api }) {
  const id = useId();
  const [state, setState] = useState<"open" | "done">("open");
  const load = useLoad(() => api.parked(state), state);
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="queues" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t("back_office_queues.reconciliation.title")}</h1>
      <p>{t("back_office_queues.reconciliation.intro")}</p>
      <fieldset className="queues__tabs">
        <legend>{t("back_office_queues.reconciliation.filter_label")}</legend>
        {(["open", "done"] as const).map((s) => (
          <label key={s} className="queues__tab">
            <input type="radio" name={`${id}-state`} value={s} checked={state === s} onChange={() => setState(s)} />
            {t(`back_office_queues.reconciliation.tab_${s}`)}
          </label>
        ))}
      </fieldset>
      <LoadState load={load} />
      <p role="status" className="queues__done">
        {done}
      </p>
      {load.data && load.data.length === 0 && <p>{t("back_office_queues.common.empty")}</p>}
      {load.data && load.data.length > 0 && (
        <ul className="queues__list">
          {load.data.map((p) => (
            <li key={p.id} className="queues__item">
              <h2 className="queues__item-title">{formatRupiah(p.amount)}</h2>
              <dl className="queues__figures">
                <dt>{t("back_office_queues.reconciliation.va")}</dt>
                <dd>
                  {p.channel} {p.virtual_account_number}
                </dd>
                <dt>{t("back_office_queues.reconciliation.received_on")}</dt>
                <dd>{formatDate(p.received_on)}</dd>
                <dt>{t("back_office_queues.common.reason")}</dt>
                <dd>{t(`back_office_queues.reconciliation.parked_reason.${p.parked_reason}`)}</dd>
                <dt>{t("back_office_queues.common.status")}</dt>
                <dd>{t(`back_office_queues.reconciliation.state.${p.reconciliation}`)}</dd>
                {p.reason && (
                  <>
                    <dt>{t("back_office_queues.common.reason")}</dt>
                    <dd>{p.reason}</dd>
                  </>
                )}
                {p.refund && <RefundFigures refund={p.refund} />}
              </dl>
              {p.amount > 0 && p.reconciliation !== "matched" && p.reconciliation !== "refunded" && (
                <div className="queues__actions">
                  {p.reconciliation === "open" && (
                    <button type="button" className="button button--primary" aria-label={`${t("back_office_queues.reconciliation.match")}: ${formatRupiah(p.amount)}`} onClick={() => setAction({ kind: "match", payment: p })}>
                      {t("back_office_queues.reconciliation.match")}
                    </button>
                  )}
                  <button type="button" className="button button--outline" aria-label={`${t(refundLabel(p))}: ${formatRupiah(p.amount)}`} onClick={() => setAction({ kind: "refund", payment: p })}>
                    {t(refundLabel(p))}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {action?.kind === "match" && (
        <MatchDialog
          api={api}
          payment={action.payment}
          onClose={() => setAction(null)}
          onDone={(loan) => {
            setAction(null);
            setDone(t("back_office_queues.reconciliation.matched", { amount: formatRupiah(action.payment.amount), name: loan.borrower_name }));
            load.reload();
          }}
        />
      )}
      {action?.kind === "refund" && (
        <RefundDialog
          payment={action.payment}
          refund={api.refund}
          onClose={() => setAction(null)}
          onDone={(payment) => {
            setAction(null);
            setDone(refundOutcome(payment));
            load.reload();
          }}
        />
      )}
    </section>
  );
}

const refundLabel = (p: ParkedPayment) =>
  p.reconciliation === "refund_failed" || p.reconciliation === "refund_pending" ? "back_office_queues.reconciliation.refund_retry" : "back_office_queues.reconciliation.refund";

/** What the refund came to, as the outcome line announces it. */
function refundOutcome(p: ParkedPayment): string {
  const amount = formatRupiah(p.amount);
  if (p.reconciliation === "refunded") return t("back_office_queues.reconciliation.refunded", { amount });
  if (p.reconciliation === "refund_failed") return t("back_office_queues.reconciliation.refund_failed", { amount, reason: p.refund?.last_error ?? "" });
  return t("back_office_queues.reconciliation.refund_pending", { amount });
}

/** The refund's account, attempts, the bank's last refusal and its reference, inside the item's figures. */
function RefundFigures({ refund }: { refund: NonNullable<ParkedPayment["refund"]> }) {
  return (
    <>
      <dt>{t("back_office_queues.reconciliation.refund_account")}</dt>
      <dd>
        {t(`flows.option.bank.${refund.bank_code}`)} {refund.account_number} · {refund.account_name}
      </dd>
      <dt>{t("back_office_queues.reconciliation.refund_attempts")}</dt>
      <dd>{refund.attempts}</dd>
      {refund.last_error && (
        <>
          <dt>{t("back_office_queues.reconciliation.refund_last_error")}</dt>
          <dd>{refund.last_error}</dd>
        </>
      )}
      {refund.bank_reference && (
        <>
          <dt>{t("back_office_queues.reconciliation.refund_bank_reference")}</dt>
          <dd>{refund.bank_reference}</dd>
        </>
      )}
    </>
  );
}

/** The match dialog: find an active loan, pick it, give the reason. Confirming twice matches once (the server's rule). */
function MatchDialog({ api, payment, onClose, onDone }: { api: Api; payment: ParkedPayment; onClose: () => void; onDone: (loan: LoanCandidate) => void }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [queryError, setQueryError] = useState<string | null>(null);
  const [loans, setLoans] = useState<LoanCandidate[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [loanError, setLoanError] = useState<string | null>(null);

  async function search(event?: FormEvent) {
    event?.preventDefault();
    const q = query.trim();
    if (q.length < 2) {
      setQueryError(t("back_office_queues.reconciliation.search_hint"));
      document.getElementById(`${id}-q`)?.focus();
      return;
    }
    setQueryError(null);
    try {
      setLoans(await api.searchLoans(q));
      setChosen(null);
    } catch (e) {
      setQueryError(e instanceof ApiError ? (e.fieldMessage("q") ?? e.message) : String(e));
    }
  }

  return (
    <ReasonDialog
      title={t("back_office_queues.reconciliation.match_title", { amount: formatRupiah(payment.amount) })}
      confirmLabel={t("back_office_queues.reconciliation.match_confirm")}
      onClose={onClose}
      validate={() => {
        if (chosen) return null;
        setLoanError(t("back_office_queues.reconciliation.loan_required"));
        return t("back_office_queues.reconciliation.loan_required");
      }}
      onFieldErrors={(error) => {
        const message = error.fieldMessage("account_id");
        if (message) setLoanError(message);
        return Boolean(message);
      }}
      onConfirm={async (reason) => {
        await api.match(payment.id, chosen!, reason);
        onDone(loans!.find((l) => l.account_id === chosen)!);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-q`} className="field__label">
          {t("back_office_queues.reconciliation.search_label")}
        </label>
        <p id={`${id}-q-hint`} className="field__hint">
          {t("back_office_queues.reconciliation.search_hint")}
        </p>
        <div className="queues__search">
          <input
            id={`${id}-q`}
            className="field__input"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              // Enter searches instead of submitting the dialog's form.
              if (e.key === "Enter") {
                e.preventDefault();
                void search();
              }
            }}
            aria-invalid={queryError ? true : undefined}
            aria-describedby={`${id}-q-hint${queryError ? ` ${id}-q-error` : ""}`}
          />
          <button type="button" className="button button--outline" onClick={() => void search()}>
            {t("back_office_queues.reconciliation.search")}
          </button>
        </div>
        {queryError && (
          <p id={`${id}-q-error`} className="field__error">
            {queryError}
          </p>
        )}
      </div>
      {loans && loans.length === 0 && <p role="status">{t("back_office_queues.reconciliation.search_none")}</p>}
      {loans && loans.length > 0 && (
        <fieldset className="queues__loans" aria-describedby={loanError ? `${id}-loan-error` : undefined}>
          <legend>{t("back_office_queues.reconciliation.loan_choice")}</legend>
          {loans.map((loan) => (
            <label key={loan.account_id} className="queues__loan">
              <input
                type="radio"
                name={`${id}-loan`}
                value={loan.account_id}
                checked={chosen === loan.account_id}
                onChange={() => {
                  setChosen(loan.account_id);
                  setLoanError(null);
                }}
              />
              <span>
                {t("back_office_queues.reconciliation.loan_option", { name: loan.borrower_name, principal: formatRupiah(loan.principal_balance) })}
                <small>{loan.virtual_accounts.map((v) => `${v.channel} ${v.number}`).join(", ")}</small>
              </span>
            </label>
          ))}
          {loanError && (
            <p id={`${id}-loan-error`} className="field__error">
              {loanError}
            </p>
          )}
        </fieldset>
      )}
    </ReasonDialog>
  );
}
