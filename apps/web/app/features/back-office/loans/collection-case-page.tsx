import { formatDate, formatDateTime } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { parseRupiah } from "@pinjaman/domain/money-input";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useLoaded } from "../../shell/use-loaded.ts";
import { backOfficeLoansApi, type BackOfficeLoansApi } from "./back-office-loans-api.ts";
import { FormDialog } from "./decision-dialog.tsx";
import { WriteOffFigures } from "./write-off-figures.tsx";
import "@pinjaman/i18n/ns/back-office-loans";
import "./back-office-loans.css";

const CHANNELS = ["call", "sms", "whatsapp", "email"] as const;
const OUTCOMES = ["reached", "no_answer", "wrong_number", "promised", "refused", "message_sent"] as const;

/** /back-office/collections/{accountId}: the contact window now, the contact log and promises to pay. */
export function CollectionCasePage({ accountId, canRequestWriteOff = false, api = backOfficeLoansApi }: { accountId: string; canRequestWriteOff?: boolean; api?: BackOfficeLoansApi }) {
  const [loaded, reload] = useLoaded(accountId, () => api.collectionCase(accountId));
  const [open, setOpen] = useState<"contact" | "promise" | "write_off" | null>(null);
  const [saved, setSaved] = useState("");
  const done = () => {
    setSaved(t("back-office-loans.collections.saved"));
    reload();
  };
  if (loaded === null) return <div className="bo-loans"><p role="status">{t("back-office-loans.common.loading")}</p></div>;
  if (loaded.error !== null) return <div className="bo-loans"><p role="alert">{loaded.error}</p></div>;
  const c = loaded.data;
  return (
    <div className="bo-loans">
      <p>
        <Link to="/back-office/collections">{t("back-office-loans.collections.back")}</Link>
      </p>
      <h1>{t("back-office-loans.collections.case_title", { name: c.loan.borrower_name })}</h1>
      <div className="bo-loans__card">
        <dl>
          <dt>{t("back-office-loans.collections.dpd")}</dt>
          <dd>{t("back-office-loans.common.days", { days: c.loan.days_past_due })}</dd>
          <dt>{t("back-office-loans.collections.overdue")}</dt>
          <dd>{formatRupiah(c.loan.overdue_amount)}</dd>
          <dt>{t("back-office-loans.collections.outstanding")}</dt>
          <dd>{formatRupiah(c.loan.outstanding_principal)}</dd>
        </dl>
        <p>{t("back-office-loans.collections.local_time", { time: c.contact_window.local_time })}</p>
        <p className={c.contact_window.allowed ? "bo-loans__window--open" : "bo-loans__window--closed"} role="status">
          {t(c.contact_window.allowed ? "back-office-loans.collections.window_open" : "back-office-loans.collections.window_closed")}
        </p>
        <div className="bo-loans__actions">
          <button type="button" onClick={() => setOpen("contact")}>
            {t("back-office-loans.collections.add_contact")}
          </button>
          <button type="button" onClick={() => setOpen("promise")}>
            {t("back-office-loans.collections.add_promise")}
          </button>
          {canRequestWriteOff && c.loan.bucket === "over_90" && (
            <button type="button" onClick={() => setOpen("write_off")}>
              {t("back-office-loans.approvals.new_write_off")}
            </button>
          )}
        </div>
        <p role="status" aria-live="polite">
          {saved}
        </p>
      </div>

      <h2>{t("back-office-loans.collections.promises")}</h2>
      {c.promises.length === 0 ? (
        <p>{t("back-office-loans.common.empty")}</p>
      ) : (
        <ul className="bo-loans__list">
          {c.promises.map((p) => (
            <li key={p.id} className="bo-loans__card">
              <strong>
                {formatDate(p.promised_on)} · {formatRupiah(p.amount)} · {t(`back-office-loans.collections.promise_status.${p.status}`)}
              </strong>
              <p>{t("back-office-loans.collections.paid", { paid: formatRupiah(p.paid), amount: formatRupiah(p.amount) })}</p>
              {p.note && <p>{p.note}</p>}
              <p>{t("back-office-loans.collections.by", { name: p.staff_name })}</p>
            </li>
          ))}
        </ul>
      )}

      <h2>{t("back-office-loans.collections.contacts")}</h2>
      {c.contacts.length === 0 ? (
        <p>{t("back-office-loans.common.empty")}</p>
      ) : (
        <ul className="bo-loans__list">
          {c.contacts.map((x) => (
            <li key={x.id} className="bo-loans__card">
              <strong>
                {formatDateTime(new Date(x.contacted_at))} · {t(`back-office-loans.collections.channel.${x.channel}`)} · {t(`back-office-loans.collections.outcome.${x.outcome}`)}
              </strong>
              {x.note && <p>{x.note}</p>}
              <p>{t("back-office-loans.collections.by", { name: x.staff_name })}</p>
            </li>
          ))}
        </ul>
      )}

      {open === "contact" && <ContactDialog onClose={() => setOpen(null)} onSave={async (body) => { await api.addContact(accountId, body); done(); }} />}
      {open === "write_off" && (
        <WriteOffRequestDialog
          accountId={accountId}
          api={api}
          onClose={() => setOpen(null)}
          onSave={async (reason) => {
            await api.requestWriteOff({ account_id: accountId, reason });
            setSaved(t("back-office-loans.approvals.submitted"));
          }}
        />
      )}
      {open === "promise" && <PromiseDialog today={c.today} onClose={() => setOpen(null)} onSave={async (body) => { await api.addPromise(accountId, body); done(); }} />}
    </div>
  );
}

function ContactDialog({ onSave, onClose }: { onSave: (body: { channel: string; outcome: string; note: string }) => Promise<void>; onClose: () => void }) {
  const ids = { channel: useId(), outcome: useId(), note: useId() };
  const [channel, setChannel] = useState<string>("call");
  const [outcome, setOutcome] = useState<string>("reached");
  const [note, setNote] = useState("");
  return (
    <FormDialog title={t("back-office-loans.collections.add_contact")} onClose={onClose} onSubmit={() => onSave({ channel, outcome, note })}>
      <label htmlFor={ids.channel}>{t("back-office-loans.collections.channel_label")}</label>
      <select id={ids.channel} value={channel} onChange={(e) => setChannel(e.target.value)}>
        {CHANNELS.map((c) => (
          <option key={c} value={c}>
            {t(`back-office-loans.collections.channel.${c}`)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.outcome}>{t("back-office-loans.collections.outcome_label")}</label>
      <select id={ids.outcome} value={outcome} onChange={(e) => setOutcome(e.target.value)}>
        {OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {t(`back-office-loans.collections.outcome.${o}`)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.note}>{t("back-office-loans.collections.note")}</label>
      <textarea id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={3} />
    </FormDialog>
  );
}

function PromiseDialog({ today, onSave, onClose }: { today: string; onSave: (body: { promised_on: string; amount: number; note: string }) => Promise<void>; onClose: () => void }) {
  const ids = { date: useId(), amount: useId(), note: useId() };
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  return (
    <FormDialog title={t("back-office-loans.collections.add_promise")} onClose={onClose} onSubmit={async () => {
        const parsed = parseRupiah(amount);
        if (!parsed.ok) throw new Error(parsed.error);
        await onSave({ promised_on: date, amount: parsed.value, note });
      }}
    >
      <label htmlFor={ids.date}>{t("back-office-loans.collections.promised_on")}</label>
      <input id={ids.date} type="date" value={date} min={today} onChange={(e) => setDate(e.target.value)} required />
      <label htmlFor={ids.amount}>{t("back-office-loans.collections.amount")}</label>
      <input id={ids.amount} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} required />
      <label htmlFor={ids.note}>{t("back-office-loans.collections.note")}</label>
      <textarea id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={3} />
    </FormDialog>
  );
}

/** The write-off is asked from the loan: the dialog first shows what it would take off, and saves only once that is shown. */
function WriteOffRequestDialog({ accountId, api, onSave, onClose }: { accountId: string; api: BackOfficeLoansApi; onSave: (reason: string) => Promise<void>; onClose: () => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [preview] = useLoaded(accountId, () => api.writeOffPreview(accountId));
  return (
    <FormDialog title={t("back-office-loans.approvals.new_write_off")} onClose={onClose} onSubmit={() => onSave(reason)} canSubmit={preview?.data != null}>
      {preview === null ? (
        <p role="status">{t("back-office-loans.approvals.preview.loading")}</p>
      ) : preview.error !== null ? (
        <p role="alert">{preview.error}</p>
      ) : (
        <WriteOffFigures figures={preview.data} />
      )}
      <label htmlFor={reasonId}>{t("back-office-loans.common.reason")}</label>
      <textarea id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={1000} rows={3} />
    </FormDialog>
  );
}
