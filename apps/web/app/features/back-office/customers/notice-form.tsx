import { t } from "@pinjaman/i18n";
import { useId, useState, type FormEvent } from "react";
import { ApiError, type FieldMessages, joinFieldMessages } from "../../shell/api-fetch.ts";
import { customersApi } from "./customers-api.ts";
import { TextField } from "../../shell/text-field.tsx";
import "@pinjaman/i18n/ns/back_office_customers";

const FIELDS = ["title", "body"] as const;

/** A notice to one customer: shown on their profile and pushed to their active devices. */
export function NoticeForm({ customerId, send = customersApi.sendNotice }: { customerId: string; send?: typeof customersApi.sendNotice }) {
  const [values, setValues] = useState({ title: "", body: "" });
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<FieldMessages>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState("");
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFields({});
    setError(null);
    setSent("");
    try {
      const result = await send(customerId, values.title, values.body);
      setValues({ title: "", body: "" });
      setSent(t("back_office_customers.notice.sent", { devices: result.pushed_devices }));
    } catch (e) {
      const messages = e instanceof ApiError ? e.fields : {};
      setFields(messages);
      if (!FIELDS.some((f) => messages[f]?.length)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bo-notice" noValidate onSubmit={submit} aria-busy={busy} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("back_office_customers.notice.title")}</h2>
      {FIELDS.map((field) => {
        const message = fields[field]?.length ? joinFieldMessages(fields[field]!) : null;
        return (
          <TextField
            key={field}
            id={`${id}-${field}`}
            name={field}
            required
            rows={field === "body" ? 4 : undefined}
            label={t(`back_office_customers.notice.field_${field}`)}
            value={values[field]}
            onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
            error={message}
          />
        );
      })}
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("back_office_customers.notice.sending") : t("back_office_customers.notice.submit")}
      </button>
      <p role="status">{sent}</p>
    </form>
  );
}
