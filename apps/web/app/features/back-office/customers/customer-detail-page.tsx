import type { CustomerDetail } from "@pinjaman/contracts/customer-care";
import { formatDate, formatDateTime } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useCan } from "../staff-context.tsx";
import { BlockDialog } from "./block-dialog.tsx";
import { customersApi, saveJson } from "./customers-api.ts";
import { NoticeForm } from "./notice-form.tsx";
import "@pinjaman/i18n/ns/back_office_customers";
import "@pinjaman/i18n/ns/status";
import "./customers.css";

type Loaded = { kind: "loading" } | { kind: "loaded"; customer: CustomerDetail } | { kind: "failed"; message: string };

function statusText(group: "account" | "application", status: string): string {
  const key = `status.${group}.${status}`;
  const text = t(key);
  return text === key ? status : text;
}

function roleText(role: string): string {
  return t(`back_office_customers.detail.role.${role}`);
}

/** /back-office/customers/:id — one customer as staff see them, with block, notice and the personal data export. */
export function CustomerDetailPage({ customerId, api = customersApi }: { customerId: string; api?: typeof customersApi }) {
  const [state, setState] = useState<Loaded>({ kind: "loading" });
  const [dialog, setDialog] = useState<"block" | "unblock" | null>(null);
  const [status, setStatus] = useState("");
  const canBlock = useCan("customers.block");
  const canNotify = useCan("notices.send");
  const canReadAll = useCan("customers.personal_data");

  const load = useCallback(() => {
    api.detail(customerId).then(
      (customer) => setState({ kind: "loaded", customer }),
      (error: unknown) => setState({ kind: "failed", message: error instanceof Error ? error.message : t("back_office_customers.load_failed") }),
    );
  }, [api, customerId]);
  useEffect(load, [load]);

  if (state.kind === "loading") return <p role="status">…</p>;
  if (state.kind === "failed")
    return (
      <p className="auth-alert" role="alert">
        {state.message}
      </p>
    );
  const c = state.customer;
  const none = t("back_office_customers.detail.none");

  async function downloadAll() {
    saveJson(await api.personalData(c.id), `data-pribadi-${c.id}.json`);
  }

  return (
    <div className="bo-customer">
      <p>
        <Link to="/back-office/customers">{t("back_office_customers.detail.back")}</Link>
      </p>
      <h1>{c.name}</h1>
      {c.deleted && <p className="bo-note">{t("back_office_customers.detail.deleted")}</p>}
      <p role="status">{status}</p>
      <section aria-labelledby="bo-profile">
        <h2 id="bo-profile">{t("back_office_customers.detail.profile")}</h2>
        <dl className="bo-facts">
          <dt>{t("back_office_customers.detail.email")}</dt>
          <dd>{c.email}</dd>
          <dt>{t("back_office_customers.detail.phone")}</dt>
          <dd>{c.phone ?? none}</dd>
          <dt>{t("back_office_customers.detail.joined")}</dt>
          <dd>{formatDate(c.created_at)}</dd>
          <dt>{t("back_office_customers.detail.roles")}</dt>
          <dd>{c.roles.map(roleText).join(", ") || none}</dd>
          <dt>{t("back_office_customers.detail.nik")}</dt>
          <dd>{c.profile?.personal_code ?? none}</dd>
          <dt>{t("back_office_customers.detail.full_name")}</dt>
          <dd>{c.profile?.full_name ?? none}</dd>
          <dt>{t("back_office_customers.detail.birth_date")}</dt>
          <dd>{c.profile ? formatDate(c.profile.birth_date) : none}</dd>
          <dt>{t("back_office_customers.detail.devices")}</dt>
          <dd>{c.active_devices}</dd>
        </dl>
        {canReadAll && (
          <p>
            <button type="button" className="button button--outline" onClick={() => void downloadAll()}>
              {t("back_office_customers.detail.personal_data")}
            </button>
            <span className="field__hint"> {t("back_office_customers.detail.personal_data_hint")}</span>
          </p>
        )}
      </section>

      <section aria-labelledby="bo-block">
        <h2 id="bo-block">{t("back_office_customers.detail.block_status")}</h2>
        <p>
          {c.block
            ? t("back_office_customers.detail.blocked_since", { date: formatDateTime(new Date(c.block.blocked_at)), reason: c.block.reason })
            : t("back_office_customers.detail.not_blocked")}
        </p>
        {canBlock && (
          <button
            type="button"
            className={c.block ? "button button--primary" : "button button--danger"}
            aria-haspopup="dialog"
            onClick={() => setDialog(c.block ? "unblock" : "block")}
          >
            {c.block ? t("back_office_customers.detail.unblock") : t("back_office_customers.detail.block")}
          </button>
        )}
        {c.block_history.length > 0 && (
          <>
            <h3>{t("back_office_customers.detail.block_history")}</h3>
            <ul>
              {c.block_history.map((b) => (
                <li key={b.blocked_at}>
                  {t("back_office_customers.detail.history_item", {
                    from: formatDateTime(new Date(b.blocked_at)),
                    to: b.unblocked_at ? formatDateTime(new Date(b.unblocked_at)) : t("back_office_customers.detail.history_open"),
                    reason: b.unblock_reason ? `${b.reason} / ${b.unblock_reason}` : b.reason,
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="bo-loans">
        <h2 id="bo-loans">{t("back_office_customers.detail.loans")}</h2>
        {c.loan_accounts.length === 0 ? (
          <p>{t("back_office_customers.detail.loans_empty")}</p>
        ) : (
          <ul className="bo-results">
            {c.loan_accounts.map((account) => (
              <li key={account.id} className="bo-card">
                <p className="bo-card__title">
                  {t("back_office_customers.detail.loan_item", { status: statusText("account", account.status), principal: formatRupiah(account.principal_balance) })}
                </p>
                <ul>
                  {account.applications.map((application) => (
                    <li key={application.id}>
                      {t("back_office_customers.detail.application_item", {
                        type: application.type_key,
                        amount: formatRupiah(application.amount),
                        term: application.term,
                        status: statusText("application", application.status),
                      })}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="bo-investments">
        <h2 id="bo-investments">{t("back_office_customers.detail.investments")}</h2>
        {c.investment_accounts.length === 0 ? (
          <p>{t("back_office_customers.detail.investments_empty")}</p>
        ) : (
          <ul>
            {c.investment_accounts.map((account) => (
              <li key={account.id}>{t("back_office_customers.detail.investment_item", { status: statusText("account", account.status), count: account.investments })}</li>
            ))}
          </ul>
        )}
      </section>

      {canNotify && !c.deleted && <NoticeForm customerId={c.id} send={api.sendNotice} />}

      {dialog && (
        <BlockDialog
          customer={c}
          kind={dialog}
          block={api.block}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            setStatus(message);
            load();
          }}
        />
      )}
    </div>
  );
}
