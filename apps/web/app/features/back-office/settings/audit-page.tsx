import type { AuditLogResponse } from "@pinjaman/contracts/back-office-settings";
import { useEffect, useState, type FormEvent } from "react";
import { ApiError, type FieldMessages } from "../../shell/api-fetch.ts";
import { FormField } from "./form-field.tsx";
import { settingsApi, type SettingsApi } from "./settings-api.ts";
import { actionName, dateTime, label } from "./settings-text.ts";
import "@pinjaman/i18n/ns/back_office_settings";
import "./settings.css";

const FILTERS = [
  "staff_id",
  "customer_id",
  "action",
  "subject_id",
  "from",
  "until",
] as const;
type Filters = Record<(typeof FILTERS)[number], string> & { source: string };
const EMPTY: Filters = {
  staff_id: "",
  customer_id: "",
  action: "",
  subject_id: "",
  from: "",
  until: "",
  source: "all",
};
const FILTER_LABEL: Record<(typeof FILTERS)[number], string> = {
  staff_id: "staff",
  customer_id: "customer",
  action: "action",
  subject_id: "subject",
  from: "from",
  until: "until",
};

const json = (value: unknown) =>
  value === null || value === undefined ? "" : JSON.stringify(value, null, 1);

/** /back-office/audit (audit.read): staff actions and customers' audit events, searchable and paged. */
export function AuditPage({ api = settingsApi }: { api?: SettingsApi }) {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [query, setQuery] = useState<{ filters: Filters; page: number }>({
    filters: EMPTY,
    page: 1,
  });
  const [result, setResult] = useState<AuditLogResponse | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.auditLog({ ...query.filters, page: String(query.page) }).then(
      (r) => {
        if (!current) return;
        setResult(r);
        setErrors({});
        setProblem(null);
      },
      (error: unknown) => {
        if (!current) return;
        setErrors(error instanceof ApiError ? error.fields : {});
        setProblem(
          error instanceof Error ? error.message : label("common.load_failed"),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [api, query]);

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery({ filters: { ...draft }, page: 1 });
  }

  return (
    <div className="bo-settings">
      <h1>{label("audit.title")}</h1>
      <form
        className="bo-card"
        onSubmit={search}
        noValidate
        role="search"
        aria-label={label("audit.filters")}
      >
        <div className="bo-grid">
          {FILTERS.map((f) => (
            <FormField
              key={f}
              label={label(`audit.${FILTER_LABEL[f]}`)}
              name={f}
              type={f === "from" || f === "until" ? "date" : "text"}
              value={draft[f]}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
              errors={errors[f]}
            />
          ))}
          <div className="bo-field">
            <label htmlFor="audit-source">{label("audit.source")}</label>
            <select
              id="audit-source"
              value={draft.source}
              onChange={(e) => setDraft({ ...draft, source: e.target.value })}
            >
              <option value="all">{label("audit.source_all")}</option>
              <option value="staff">{label("audit.source_staff")}</option>
              <option value="customer">{label("audit.source_customer")}</option>
            </select>
          </div>
        </div>
        <button type="submit">{label("audit.search")}</button>
      </form>
      {problem ? (
        <p role="alert" className="bo-error">
          {problem}
        </p>
      ) : null}
      {result && result.data.length === 0 ? (
        <p>{label("common.none")}</p>
      ) : null}
      <ol className="bo-list" aria-label={label("audit.title")}>
        {result?.data.map((e) => (
          <li key={e.id}>
            <strong>{actionName(e.action)}</strong>{" "}
            <code className="bo-code">{e.action}</code> ·{" "}
            {dateTime(e.at, "medium")} ·{" "}
            {e.source === "staff"
              ? label("audit.source_staff")
              : label("audit.source_customer")}
            <br />
            {label("audit.who")}: {e.actor_name ?? "—"}{" "}
            {e.actor_id ? <code>{e.actor_id}</code> : null}
            {e.subject_id ? (
              <>
                {" "}
                · {e.subject_type}: <code>{e.subject_id}</code>
              </>
            ) : null}
            {e.reason ? <> · {e.reason}</> : null}
            {e.before !== null || e.after !== null ? (
              <details>
                <summary>{label("audit.details")}</summary>
                {e.before !== null ? (
                  <pre className="bo-pre">{`${label("audit.before")}: ${json(e.before)}`}</pre>
                ) : null}
                {e.after !== null ? (
                  <pre className="bo-pre">{`${label("audit.after")}: ${json(e.after)}`}</pre>
                ) : null}
                {e.ip ? (
                  <pre className="bo-pre">{`IP ${e.ip} · ${e.request_id ?? ""}`}</pre>
                ) : null}
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      <nav className="bo-pager" aria-label={label("audit.pages")}>
        <button
          type="button"
          disabled={query.page === 1}
          onClick={() => setQuery({ ...query, page: query.page - 1 })}
        >
          {label("audit.previous")}
        </button>
        <span>{label("audit.page", { page: query.page })}</span>
        <button
          type="button"
          disabled={!result?.meta.has_more}
          onClick={() => setQuery({ ...query, page: query.page + 1 })}
        >
          {label("audit.next")}
        </button>
      </nav>
    </div>
  );
}
