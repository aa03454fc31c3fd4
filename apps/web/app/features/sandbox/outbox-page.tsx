import { formatDateTime } from "@pinjaman/domain/dates";
import { t } from "@pinjaman/i18n";
import { useEffect, useState } from "react";
import { apiFetch } from "../shell/api-fetch.ts";
import { LoadingBox } from "../shell/loading-box.tsx";
import { BusinessClockControl } from "./business-clock-control.tsx";
import { linkParts, newestFirst, OUTBOX_URL, type OutboxMessage } from "./outbox.ts";
import "@pinjaman/i18n/ns/auth";
import "../auth/auth.css";

function sentAt(iso: string): string {
  try {
    return formatDateTime(new Date(iso));
  } catch {
    return iso;
  }
}

function Body({ text }: { text: string }) {
  return (
    <pre className="outbox-body">
      {linkParts(text).map((part, i) => ("href" in part ? <a key={i} href={part.href}>{part.href}</a> : part.text))}
    </pre>
  );
}

type Loaded = { messages: OutboxMessage[]; error: null } | { messages: null; error: string };

async function fetchOutbox(): Promise<Loaded> {
  try {
    const response = await apiFetch<{ data: OutboxMessage[] }>(OUTBOX_URL);
    return { messages: newestFirst(response.data), error: null };
  } catch (error) {
    return { messages: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** /sandbox/outbox: every mail and SMS the sandbox sent, newest first, links clickable. */
export function OutboxPage() {
  const [state, setState] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void fetchOutbox().then((loaded) => current && setState(loaded));
    return () => {
      current = false;
    };
  }, []);

  async function reload() {
    setBusy(true);
    setState(await fetchOutbox());
    setBusy(false);
  }

  return (
    <div className="container">
      <div className="outbox-page">
        <h1>{t("auth.outbox.title")}</h1>
        <p>{t("auth.outbox.intro")}</p>
        <BusinessClockControl />
        <div className="outbox-toolbar">
          <p role="status">{state?.messages ? t("auth.outbox.count", { count: state.messages.length }) : null}</p>
          <button type="button" className="button button--outline" onClick={reload} disabled={busy}>
            {t("auth.outbox.refresh")}
          </button>
        </div>
        <LoadingBox loaded={state !== null} error={state?.error}>
          {state?.messages?.length === 0 && <p>{t("auth.outbox.empty")}</p>}
          {state?.messages && state.messages.length > 0 && (
          <ol className="outbox-list">
            {state?.messages?.map((message) => (
              <li key={message.id} data-testid="outbox-message">
                <article aria-labelledby={`outbox-${message.id}`}>
                  <h2 id={`outbox-${message.id}`}>{message.subject || t("auth.outbox.no_subject")}</h2>
                  <p className="outbox-meta">
                    {t(`auth.outbox.channel.${message.channel}`)} · {t("auth.outbox.to")}: {message.recipient} ·{" "}
                    {t("auth.outbox.sent_at")}: <time dateTime={message.created_at}>{sentAt(message.created_at)}</time>
                  </p>
                  <Body text={message.body} />
                </article>
              </li>
            ))}
          </ol>
          )}
        </LoadingBox>
      </div>
    </div>
  );
}
