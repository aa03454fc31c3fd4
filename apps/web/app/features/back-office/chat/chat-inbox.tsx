import type { SupportAnswerResponse, SupportInboxItem, SupportInboxQuery, SupportInboxResponse } from "@pinjaman/contracts/customer-care";
import { formatDateTime } from "@pinjaman/domain/dates";
import { t } from "@pinjaman/i18n";
import { useCallback, useEffect, useId, useState } from "react";
import { apiFetch } from "../../shell/api-fetch.ts";
import { FormAlert } from "../../shell/form-alert.tsx";
import { TextField } from "../../shell/text-field.tsx";
import { useFieldForm } from "../../shell/use-field-form.ts";
import "@pinjaman/i18n/ns/back_office_customers";
import "../customers/customers.css";

type Status = SupportInboxQuery["status"];
const STATUSES: Status[] = ["open", "answered", "all"];

export const chatApi = {
  list: (status: Status) => apiFetch<SupportInboxResponse>(`/app_api/v1/staff/support_requests?status=${status}`).then((r) => r.data),
  answer: (id: number, body: string) =>
    apiFetch<SupportAnswerResponse>(`/app_api/v1/staff/support_requests/${id}/answers`, { method: "POST", body: { data: { body } } }).then((r) => r.data),
};

function AnswerForm({ item, answer, onAnswered }: { item: SupportInboxItem; answer: typeof chatApi.answer; onAnswered: (message: string) => void }) {
  const [body, setBody] = useState("");
  const { busy, submit, fieldError, alert } = useFieldForm("body");
  const id = useId();

  const send = submit(async () => {
    const result = await answer(item.id, body);
    setBody("");
    onAnswered(t(result.delivered_to === "email" ? "back_office_customers.chat.sent_email" : "back_office_customers.chat.sent_sms"));
  });

  return (
    <form noValidate onSubmit={send} aria-busy={busy}>
      <TextField
        id={`${id}-body`}
        rows={3}
        required
        label={t("back_office_customers.chat.answer_label", { reference: item.reference })}
        hint={t("back_office_customers.chat.answer_hint")}
        value={body}
        onChange={setBody}
        error={fieldError}
      />
      <FormAlert message={alert} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("back_office_customers.chat.sending") : t("back_office_customers.chat.send")}
      </button>
    </form>
  );
}

/** /back-office/chat — the chat launcher's messages, oldest open first, each answered in place. */
export function ChatInbox({ api = chatApi }: { api?: typeof chatApi }) {
  const [status, setStatus] = useState<Status>("open");
  const [items, setItems] = useState<SupportInboxItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const name = useId();

  const load = useCallback(() => {
    api.list(status).then(
      (loaded) => {
        setError(null);
        setItems(loaded);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : t("back_office_customers.load_failed")),
    );
  }, [api, status]);
  useEffect(load, [load]);

  return (
    <>
      <h1>{t("back_office_customers.chat.title")}</h1>
      <fieldset className="bo-chat-filter">
        <legend>{t("back_office_customers.chat.filter")}</legend>
        {STATUSES.map((s) => (
          <label key={s}>
            <input type="radio" name={name} value={s} checked={status === s} onChange={() => setStatus(s)} /> {t(`back_office_customers.chat.status.${s}`)}
          </label>
        ))}
      </fieldset>
      <p role="status">{notice}</p>
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
      {items && items.length === 0 && <p>{t("back_office_customers.chat.empty")}</p>}
      {items && items.length > 0 && (
        <ul className="bo-results">
          {items.map((item) => (
            <li key={item.id} className="bo-card">
              <h2 className="bo-card__title">
                {item.reference} · {t(`back_office_customers.chat.status.${item.status === "answered" ? "answered" : "open"}`)}
              </h2>
              <p className="field__hint">
                {t("back_office_customers.chat.from", { name: item.name, contact: item.contact, page: item.page_path })} ·{" "}
                <time dateTime={item.created_at}>{formatDateTime(new Date(item.created_at))}</time>
              </p>
              <p>{item.message}</p>
              {item.answers.map((a) => (
                <div key={a.id} className="bo-chat-answer">
                  <p className="field__hint">{t("back_office_customers.chat.answered_label")}</p>
                  <p>{a.body}</p>
                </div>
              ))}
              <AnswerForm
                item={item}
                answer={api.answer}
                onAnswered={(message) => {
                  setNotice(message);
                  load();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
