import type { SupportRequestResponse, SupportThread } from "@pinjaman/contracts/support";
import { formatDateTime } from "@pinjaman/domain/dates";
import { t } from "@pinjaman/i18n";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { ApiError, apiFetch, joinFieldMessages, type FieldMessages } from "./api-fetch.ts";
import { loadChatThreads, rememberChatToken } from "./chat-threads.ts";
import { Dialog } from "./dialog.tsx";
import "@pinjaman/i18n/ns/common";
import "@pinjaman/i18n/ns/dialogs";
import "@pinjaman/i18n/ns/errors";

export const SUPPORT_REQUESTS_URL = "/pub_api/v1/open/support_requests";

const FIELDS = ["name", "contact", "message"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

type Editing = { kind: "editing"; sending: boolean; fields: FieldMessages; error: string | null };
type State = Editing | { kind: "sent"; reference: string };

const EDITING: Editing = { kind: "editing", sending: false, fields: {}, error: null };

/** The messages sent from this browser with customer care's answers (read by the tokens kept at sending). */
function ChatThreads({ threads }: { threads: SupportThread[] }) {
  if (threads.length === 0) return null;
  return (
    <section className="chat-panel__threads" aria-labelledby="chat-threads-title">
      <h3 id="chat-threads-title" className="chat-panel__threads-title">
        {t("dialogs.chat.threads_title")}
      </h3>
      <ul>
        {threads.map((thread) => (
          <li key={thread.reference} className="chat-thread">
            <p className="chat-thread__meta">
              {thread.reference} · <time dateTime={thread.created_at}>{formatDateTime(new Date(thread.created_at))}</time>
            </p>
            <p className="chat-thread__message">{thread.message}</p>
            {thread.answers.length === 0 ? (
              <p className="chat-thread__waiting">{t("dialogs.chat.waiting")}</p>
            ) : (
              thread.answers.map((answer) => (
                <div key={answer.id} className="chat-thread__answer">
                  <p className="chat-thread__answer-label">{t("dialogs.chat.answer_label")}</p>
                  <p>{answer.body}</p>
                </div>
              ))
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function useChatThreads(): SupportThread[] {
  const [threads, setThreads] = useState<SupportThread[]>([]);
  useEffect(() => {
    let current = true;
    // Without the answers the panel still takes a new message: a failed read shows nothing.
    loadChatThreads().then(
      (loaded) => current && setThreads(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return threads;
}

/**
 * The sandbox live chat: the visitor leaves a message for customer care and gets a reference.
 * The server checks the input; its messages are shown under each field, joined with a comma.
 */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const { pathname } = useLocation();
  const [values, setValues] = useState<Values>({ name: "", contact: "", message: "" });
  const [state, setState] = useState<State>(EDITING);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const threads = useChatThreads();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "editing" && state.sending) return;
    setState({ ...EDITING, sending: true });
    try {
      const response = await apiFetch<SupportRequestResponse>(SUPPORT_REQUESTS_URL, {
        method: "POST",
        body: { data: { ...values, page_path: pathname } },
      });
      if (response.data.access_token) rememberChatToken(response.data.access_token);
      setState({ kind: "sent", reference: response.data.reference });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const hasFieldErrors = FIELDS.some((f) => (fields[f]?.length ?? 0) > 0);
      const message = error instanceof ApiError ? error.message : t("errors.request_failed");
      setState({ kind: "editing", sending: false, fields, error: hasFieldErrors ? null : message });
      // Focus the first field in error so its message is read out.
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    }
  }

  if (state.kind === "sent") {
    return (
      <Dialog title={t("dialogs.chat.title")} onClose={onClose} placement="corner">
        <div className="chat-panel__sent" role="status">
          <p className="chat-panel__thanks">{t("dialogs.chat.sent_title")}</p>
          <p>{t("dialogs.chat.sent_text", { reference: state.reference })}</p>
        </div>
        {/* The submit button is gone: focus the way out so keyboard users are not stranded. */}
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          {t("common.close")}
        </button>
      </Dialog>
    );
  }

  const sending = state.sending;
  return (
    <Dialog title={t("dialogs.chat.title")} onClose={onClose} placement="corner">
      <ChatThreads threads={threads} />
      <p className="chat-panel__intro">{t("dialogs.chat.intro")}</p>
      <form ref={formRef} className="chat-panel__form" noValidate onSubmit={submit} aria-busy={sending}>
        {FIELDS.map((field) => {
          const id = `${formId}-${field}`;
          const messages = state.fields[field];
          const error = messages && messages.length > 0 ? joinFieldMessages(messages) : null;
          const hintId = field === "contact" ? `${id}-hint` : undefined;
          const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;
          const props = {
            id,
            name: field,
            value: values[field],
            required: true,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
            onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
          };
          return (
            <div key={field} className="field">
              <label htmlFor={id} className="field__label">
                {t(`dialogs.chat.fields.${field}`)}
              </label>
              {hintId && (
                <p id={hintId} className="field__hint">
                  {t("dialogs.chat.contact_hint")}
                </p>
              )}
              {field === "message" ? (
                <textarea {...props} rows={4} className="field__input" />
              ) : (
                <input
                  {...props}
                  type="text"
                  className="field__input"
                  autoComplete={field === "name" ? "name" : undefined}
                />
              )}
              {error && (
                <p id={`${id}-error`} className="field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {state.error && (
          <p className="chat-panel__error" role="alert">
            {state.error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t("common.sending") : t("common.send")}
        </button>
      </form>
    </Dialog>
  );
}
