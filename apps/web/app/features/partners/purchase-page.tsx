import type { PayPurchaseResponse, PurchaseDetail } from "@pinjaman/contracts/partners";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { applicationStatusLabel, isApplicationStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { sessionStore, useSessionState, type SessionStore } from "../session/session-store.ts";
import { ApiError } from "../shell/api-fetch.ts";
import { LoadingBox } from "../shell/loading-box.tsx";
import { signUpHref } from "../shell/registration.ts";
import { useLoaded } from "../shell/use-loaded.ts";
import { loadPurchase, payPurchase } from "./partners-api.ts";
import "@pinjaman/i18n/ns/partners";
import "./partners.css";

export type PurchaseApi = { load: (id: string) => Promise<PurchaseDetail | "not_found">; pay: (id: string) => Promise<PayPurchaseResponse["data"]> };
const DEFAULT_API: PurchaseApi = { load: loadPurchase, pay: payPurchase };

function statusText(status: string): string {
  return isApplicationStatus(status) ? applicationStatusLabel(status) : status;
}

/** The transaction detail (spec section 2): product, amount, discount, interest, monthly instalment, tenor. */
export function PurchaseDetailList({ purchase }: { purchase: PurchaseDetail }) {
  const titleId = useId();
  const rows: [string, string][] = [
    [t("partners.purchase.merchant"), purchase.merchant_name],
    [t("partners.purchase.item"), purchase.item_name],
    [t("partners.purchase.product"), purchase.product_name],
    [t("partners.purchase.amount"), formatRupiah(purchase.amount)],
    [t("partners.purchase.discount"), formatRupiah(purchase.discount)],
    [t("partners.purchase.financed"), formatRupiah(purchase.financed)],
    [t("partners.purchase.interest"), t("partners.purchase.interest_value", { total: formatRupiah(purchase.total_interest), rate: formatDailyRate(purchase.daily_rate_ppm) })],
    [t("partners.purchase.monthly"), formatRupiah(purchase.monthly_instalment)],
    [t("partners.purchase.tenor"), t("partners.purchase.tenor_value", { term: String(purchase.term) })],
  ];
  return (
    <section className="purchase-detail" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("partners.purchase.detail")}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="purchase-detail__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The payment form of a signed-in customer: agree, pay; the answer is their application's status. */
function PaymentForm({ id, api, store, onPaid }: { id: string; api: PurchaseApi; store: SessionStore; onPaid: (paid: PayPurchaseResponse["data"]) => void }) {
  const session = useSessionState(store);
  const agreeId = useId();
  const titleId = useId();
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !agree) return;
    setBusy(true);
    setError(null);
    try {
      onPaid(await api.pay(id));
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof ApiError ? (caught.fieldMessage("agree") ?? caught.message) : t("partners.purchase.failed"));
    }
  }
  return (
    <form className="purchase-pay" onSubmit={submit} aria-labelledby={titleId} aria-busy={busy}>
      <h2 id={titleId}>{t("partners.purchase.pay_title")}</h2>
      {session.name && <p>{t("partners.purchase.signed_in_as", { name: session.name })}</p>}
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
      <label className="purchase-pay__agree" htmlFor={agreeId}>
        <input id={agreeId} type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        <span>{t("partners.purchase.agree")}</span>
      </label>
      <button type="submit" className="button button--primary" disabled={!agree || busy}>
        {t("partners.purchase.pay")}
      </button>
    </form>
  );
}

/**
 * /purchase/{id}: the purchase and its instalment offer; signed out, a login box and the register
 * question; signed in, the payment form. An unknown purchase goes to /purchase/invalid.
 */
export function PurchasePage({ id, loginBox, api = DEFAULT_API, store = sessionStore }: { id: string; loginBox: ReactNode; api?: PurchaseApi; store?: SessionStore }) {
  const navigate = useNavigate();
  const session = useSessionState(store);
  const [loaded, reload] = useLoaded(id, () => api.load(id));
  const [paid, setPaid] = useState<PayPurchaseResponse["data"] | null>(null);
  const notFound = loaded?.data === "not_found";
  useEffect(() => {
    if (notFound) void navigate("/purchase/invalid", { replace: true });
  }, [notFound, navigate]);

  const purchase = loaded?.data && loaded.data !== "not_found" ? loaded.data : null;
  return (
    <div className="container purchase-page">
      <h1>{t("partners.purchase.title")}</h1>
      <LoadingBox loaded={purchase !== null} error={loaded?.error ?? null}>
        {purchase && (
          <>
            <PurchaseDetailList purchase={purchase} />
            {paid ? (
              <section className="purchase-paid" role="status">
                <h2>{t("partners.purchase.paid")}</h2>
                <p>{t("partners.purchase.paid_text", { status: statusText(paid.status) })}</p>
                <Link className="button button--primary" to="/profile">
                  {t("partners.purchase.to_profile")}
                </Link>
              </section>
            ) : purchase.status === "paid" ? (
              <p role="status">{t("partners.purchase.already_paid")}</p>
            ) : purchase.status === "expired" ? (
              <p role="status">{t("partners.purchase.expired")}</p>
            ) : session.valid ? (
              <PaymentForm
                id={id}
                api={api}
                store={store}
                onPaid={(answer) => {
                  setPaid(answer);
                  reload();
                }}
              />
            ) : (
              <section className="purchase-login">
                {loginBox}
                <p className="purchase-login__register">
                  {t("partners.purchase.register_question")} <Link to={signUpHref("default")}>{t("partners.purchase.register")}</Link>
                </p>
              </section>
            )}
          </>
        )}
      </LoadingBox>
    </div>
  );
}
