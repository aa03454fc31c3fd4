import { formatRupiah } from "@pinjaman/domain/money";
import { useState } from "react";
import { useLoaded } from "../../shell/use-loaded.ts";
import { settingsApi, type SettingsApi } from "./settings-api.ts";
import { dateTime, label } from "./settings-text.ts";
import "@pinjaman/i18n/ns/back_office_settings";
import "./settings.css";

/** /back-office/tkb (tkb.manage): the TKB snapshots, newest first, and a snapshot on demand. */
export function TkbPage({ api = settingsApi }: { api?: SettingsApi }) {
  const [page, setPage] = useState(1);
  const [loaded, reload] = useLoaded(`tkb-${page}`, () => api.tkbHistory(page));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    null,
  );

  async function take() {
    try {
      await api.takeTkbSnapshot();
      setMessage({ ok: true, text: label("tkb.taken") });
      if (page === 1) reload();
      else setPage(1);
    } catch (error) {
      setMessage({
        ok: false,
        text: error instanceof Error ? error.message : label("common.failed"),
      });
    }
  }

  return (
    <div className="bo-settings">
      <h1>{label("tkb.title")}</h1>
      <button type="button" onClick={() => void take()}>
        {label("tkb.take")}
      </button>
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          className={message.ok ? undefined : "bo-error"}
        >
          {message.text}
        </p>
      ) : null}
      {loaded?.error ? <p role="alert">{loaded.error}</p> : null}
      <ol className="bo-list" aria-label={label("tkb.title")}>
        {loaded?.data?.data.map((s) => (
          <li key={s.id}>
            <strong>{s.as_of ?? "—"}</strong> ·{" "}
            {s.entries
              .map((e) => `${e.name} ${e.percentage.replace(".", ",")}%`)
              .join(" · ")}
            <br />
            <small>
              {label("tkb.computed_at")} {dateTime(s.computed_at)} ·{" "}
              {label("tkb.source")}:{" "}
              {s.source === "book"
                ? label("tkb.source_book")
                : label("tkb.source_seed")}
              {s.outstanding_principal !== null
                ? ` · ${label("tkb.outstanding")} ${formatRupiah(s.outstanding_principal)}`
                : ""}
            </small>
          </li>
        ))}
      </ol>
      <nav className="bo-pager" aria-label={label("tkb.title")}>
        <button
          type="button"
          disabled={page === 1}
          onClick={() => setPage(page - 1)}
        >
          {label("audit.previous")}
        </button>
        <span>{label("audit.page", { page })}</span>
        <button
          type="button"
          disabled={!loaded?.data?.meta.has_more}
          onClick={() => setPage(page + 1)}
        >
          {label("audit.next")}
        </button>
      </nav>
    </div>
  );
}
