import type { PersonalDataDeletionResponse, PersonalDataExport } from "@pinjaman/contracts/personal-data";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { sessionActions } from "../session/session-actions.ts";
import { apiFetch } from "../shell/api-fetch.ts";
import { Dialog } from "../shell/dialog.tsx";
import { FormAlert } from "../shell/form-alert.tsx";
import { TextField } from "../shell/text-field.tsx";
import { useFieldForm } from "../shell/use-field-form.ts";
import "@pinjaman/i18n/ns/personal_data";
import "./personal-data.css";

export const PERSONAL_DATA_URL = "/app_api/v1/my/personal_data";
export const PERSONAL_DATA_DELETION_URL = "/app_api/v1/my/personal_data/deletion";

export type PersonalDataApi = {
  download: () => Promise<PersonalDataExport>;
  delete: (password: string) => Promise<PersonalDataDeletionResponse["data"]>;
  save: (data: unknown, filename: string) => void;
  leave: () => void;
};

function saveJson(data: unknown, filename: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const personalDataApi: PersonalDataApi = {
  download: () => apiFetch<PersonalDataExport>(PERSONAL_DATA_URL),
  delete: (password) => apiFetch<PersonalDataDeletionResponse>(PERSONAL_DATA_DELETION_URL, { method: "POST", body: { data: { password } } }).then((r) => r.data),
  save: saveJson,
  leave: () => void sessionActions.logout("/"),
};

function DeletionDialog({ api, onClose }: { api: PersonalDataApi; onClose: () => void }) {
  const [password, setPassword] = useState("");
  const { busy, submit, fieldError, alert } = useFieldForm("password");
  const [done, setDone] = useState<PersonalDataDeletionResponse["data"] | null>(null);
  const id = useId();

  const confirm = submit(async () => setDone(await api.delete(password)));

  if (done) {
    return (
      <Dialog title={t("personal_data.done_title")} onClose={api.leave}>
        <div role="status">
          <h3>{t("personal_data.removed_title")}</h3>
          <ul>
            {done.removed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <h3>{t("personal_data.kept_title")}</h3>
          <ul>
            {done.kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <button type="button" className="button button--primary" onClick={api.leave} autoFocus>
          {t("personal_data.done_home")}
        </button>
      </Dialog>
    );
  }

  return (
    <Dialog title={t("personal_data.dialog_title")} onClose={onClose}>
      <p>{t("personal_data.dialog_removed")}</p>
      <p>{t("personal_data.dialog_kept")}</p>
      <p>
        <strong>{t("personal_data.dialog_warning")}</strong>
      </p>
      <form noValidate onSubmit={confirm} aria-busy={busy}>
        <TextField
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          label={t("personal_data.password")}
          value={password}
          onChange={setPassword}
          error={fieldError}
        />
        <FormAlert message={alert} />
        <div className="personal-data__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("personal_data.deleting") : t("personal_data.confirm")}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t("personal_data.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** On /profile: the customer's UU PDP rights — download everything held, or ask for deletion. */
export function PersonalDataSection({ api = personalDataApi }: { api?: PersonalDataApi }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setDownloading(true);
    setError(null);
    try {
      const data = await api.download();
      api.save(data, `data-pribadi-pinjaman-${data.generated_at.slice(0, 10)}.json`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section aria-labelledby="personal-data-title" className="personal-data">
      <h2 id="personal-data-title">{t("personal_data.title")}</h2>
      <p>{t("personal_data.intro")}</p>
      <div className="personal-data__actions">
        <button type="button" className="button button--outline" disabled={downloading} aria-busy={downloading} onClick={() => void download()}>
          {downloading ? t("personal_data.downloading") : t("personal_data.download")}
        </button>
        <button type="button" className="button button--outline" aria-haspopup="dialog" onClick={() => setDeleting(true)}>
          {t("personal_data.delete")}
        </button>
      </div>
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
      {deleting && <DeletionDialog api={api} onClose={() => setDeleting(false)} />}
    </section>
  );
}
