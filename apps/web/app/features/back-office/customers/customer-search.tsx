import type { CustomerSummary } from "@pinjaman/contracts/customer-care";
import { t } from "@pinjaman/i18n";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "../../shell/api-fetch.ts";
import { customersApi } from "./customers-api.ts";
import { TextField } from "../../shell/text-field.tsx";
import "@pinjaman/i18n/ns/back_office_customers";

type State =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "done"; results: CustomerSummary[] }
  | { kind: "failed"; message: string; field: boolean };

/**
 * Search by name, e-mail, phone or NIK (the server records every search). `action` renders what
 * each result leads to: the detail link, or the notice form.
 */
export function CustomerSearch({ action, search = customersApi.search }: { action: (customer: CustomerSummary) => ReactNode; search?: typeof customersApi.search }) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "searching") return;
    setState({ kind: "searching" });
    try {
      setState({ kind: "done", results: await search(query) });
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fieldMessage("q") : undefined;
      setState({ kind: "failed", field: Boolean(fieldMessage), message: fieldMessage ?? (error instanceof Error ? error.message : t("back_office_customers.load_failed")) });
    }
  }

  const fieldError = state.kind === "failed" && state.field ? state.message : null;
  return (
    <>
      <form className="bo-search" role="search" noValidate onSubmit={submit} aria-busy={state.kind === "searching"}>
        <TextField
          id={`${id}-q`}
          name="q"
          type="search"
          label={t("back_office_customers.search.label")}
          hint={t("back_office_customers.search.hint")}
          value={query}
          onChange={setQuery}
          error={fieldError}
        />
        <button type="submit" className="button button--primary" disabled={state.kind === "searching"}>
          {state.kind === "searching" ? t("back_office_customers.search.searching") : t("back_office_customers.search.submit")}
        </button>
      </form>
      {state.kind === "failed" && !state.field && (
        <p className="auth-alert" role="alert">
          {state.message}
        </p>
      )}
      <div role="status">
        {state.kind === "done" && state.results.length === 0 && <p>{t("back_office_customers.search.empty")}</p>}
      </div>
      {state.kind === "done" && state.results.length > 0 && (
        <section aria-label={t("back_office_customers.search.results")}>
          <ul className="bo-results">
            {state.results.map((customer) => (
              <li key={customer.id} className="bo-card">
                <p className="bo-card__title">
                  {customer.name}{" "}
                  <span className={customer.blocked ? "bo-badge bo-badge--danger" : "bo-badge"}>
                    {customer.blocked ? t("back_office_customers.search.blocked") : t("back_office_customers.search.active")}
                  </span>
                </p>
                <dl className="bo-facts">
                  <dt>{t("back_office_customers.search.col_email")}</dt>
                  <dd>{customer.email}</dd>
                  <dt>{t("back_office_customers.search.col_phone")}</dt>
                  <dd>{customer.phone ?? t("back_office_customers.detail.none")}</dd>
                  <dt>{t("back_office_customers.search.col_nik")}</dt>
                  <dd>{customer.personal_code ?? t("back_office_customers.detail.none")}</dd>
                </dl>
                {action(customer)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
