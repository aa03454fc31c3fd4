import { API_KEY_SCOPES } from "@pinjaman/domain/api-key-scopes";
import { useState, type FormEvent } from "react";
import { ApiError, type FieldMessages } from "../../shell/api-fetch.ts";
import { useLoaded } from "../../shell/use-loaded.ts";
import { FormField } from "./form-field.tsx";
import { settingsApi, type SettingsApi } from "./settings-api.ts";
import { dateTime, label, scopeName } from "./settings-text.ts";
import "@pinjaman/i18n/ns/back_office_settings";
import "./settings.css";

/** /back-office/api-keys (api_keys.manage): the company API keys; a new key is shown once. */
export function ApiKeysPage({ api = settingsApi }: { api?: SettingsApi }) {
  const [loaded, reload] = useLoaded("api-keys", () => api.apiKeys());
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [created, setCreated] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});

  async function create(event: FormEvent) {
    event.preventDefault();
    const found: FieldMessages = {};
    if (name.trim().length < 1 || name.trim().length > 80)
      found.name = [label("api_keys.errors.name")];
    if (scopes.length === 0) found.scopes = [label("api_keys.errors.scopes")];
    setErrors(found);
    setCreated(null);
    if (Object.keys(found).length > 0) return;
    try {
      const key = await api.createApiKey(name.trim(), scopes);
      setCreated(key.key);
      setName("");
      setScopes([]);
      setProblem(null);
      reload();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setProblem(
        error instanceof Error ? error.message : label("common.failed"),
      );
    }
  }

  async function revoke(id: string) {
    const reason = (reasons[id] ?? "").trim();
    if (reason.length < 3) {
      setErrors({ [`reason-${id}`]: [label("common.reason_hint")] });
      return;
    }
    try {
      await api.revokeApiKey(id, reason);
      setProblem(null);
      reload();
    } catch (error) {
      setProblem(
        error instanceof Error ? error.message : label("common.failed"),
      );
    }
  }

  return (
    <div className="bo-settings">
      <h1>{label("api_keys.title")}</h1>
      <p>{label("api_keys.intro")}</p>
      <form
        className="bo-card"
        onSubmit={create}
        noValidate
        aria-label={label("api_keys.create")}
      >
        <FormField
          label={label("api_keys.name")}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          errors={errors.name}
        />
        <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
          <legend>{label("api_keys.scopes")}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="bo-check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes(
                    e.target.checked
                      ? [...scopes, scope]
                      : scopes.filter((s) => s !== scope),
                  )
                }
              />
              {scopeName(scope)}
            </label>
          ))}
          {errors.scopes ? (
            <small id="scopes-error" className="bo-field__error">
              {errors.scopes.join(", ")}
            </small>
          ) : null}
        </fieldset>
        <button type="submit">{label("api_keys.create")}</button>
      </form>
      {created ? (
        <div role="status" className="bo-card">
          <p>{label("api_keys.created")}</p>
          <code className="bo-secret">{created}</code>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="bo-error">
          {problem}
        </p>
      ) : null}
      {loaded?.error ? <p role="alert">{loaded.error}</p> : null}
      <ul className="bo-list" aria-label={label("api_keys.title")}>
        {loaded?.data?.map((key) => (
          <li key={key.id}>
            <strong>{key.name}</strong> · <code>{key.prefix}…</code> ·{" "}
            {key.scopes.map(scopeName).join(", ")}
            <br />
            {label("api_keys.created_at", {
              at: dateTime(key.created_at),
            })} ·{" "}
            {key.last_used_at
              ? label("api_keys.last_used", { at: dateTime(key.last_used_at) })
              : label("api_keys.never_used")}{" "}
            ·{" "}
            {key.revoked_at
              ? label("api_keys.revoked", { at: dateTime(key.revoked_at) })
              : label("api_keys.active")}
            {key.revoked_at ? null : (
              <div className="bo-grid">
                <FormField
                  label={label("common.reason")}
                  name={`reason-${key.id}`}
                  value={reasons[key.id] ?? ""}
                  onChange={(e) =>
                    setReasons({ ...reasons, [key.id]: e.target.value })
                  }
                  errors={errors[`reason-${key.id}`]}
                />
                <button
                  type="button"
                  aria-label={label("api_keys.revoke_label", {
                    prefix: key.prefix,
                  })}
                  onClick={() => void revoke(key.id)}
                >
                  {label("api_keys.revoke")}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
