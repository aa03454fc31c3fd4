import type {
  CompanyFacts,
  CompanySettingsDto,
} from "@pinjaman/contracts/back-office-settings";
import {
  checkPlatformSettings,
  PPM_SETTINGS,
  type PlatformSettingField,
} from "@pinjaman/domain/platform-settings";
import { useState, type FormEvent } from "react";
import { ApiError, type FieldMessages } from "../../shell/api-fetch.ts";
import { useLoaded } from "../../shell/use-loaded.ts";
import { FormField } from "./form-field.tsx";
import { readNumbers, showNumber, type NumberKind } from "./number-input.ts";
import { settingsApi, type SettingsApi } from "./settings-api.ts";
import { label } from "./settings-text.ts";
import "@pinjaman/i18n/ns/back_office_settings";
import "./settings.css";

const FACTS: (keyof CompanyFacts)[] = [
  "name",
  "email",
  "phone",
  "address",
  "facebook_page_url",
  "linked_in_page_url",
  "instagram_page_url",
  "app_store_url",
];
const PLATFORM: PlatformSettingField[] = [
  "platform_fee_ppm",
  "funding_period_days",
  "autoinvest_share_ppm",
];
/** Shares typed as percent ("10" = 100 000 ppm), the funding period in days. */
const KINDS = Object.fromEntries(
  PLATFORM.map((f) => [f, PPM_SETTINGS.includes(f) ? "percent" : "count"]),
) as Record<PlatformSettingField, NumberKind>;
const INPUT_TYPE: Partial<Record<keyof CompanyFacts, string>> = {
  email: "email",
  phone: "tel",
  facebook_page_url: "url",
  linked_in_page_url: "url",
  instagram_page_url: "url",
  app_store_url: "url",
};

type Draft = {
  company: CompanyFacts;
  platform: Record<PlatformSettingField, string>;
  reason: string;
};
const draftOf = (s: CompanySettingsDto): Draft => ({
  company: { ...s.company },
  platform: Object.fromEntries(
    PLATFORM.map((f) => [f, showNumber(KINDS[f], s.platform[f])]),
  ) as Record<PlatformSettingField, string>,
  reason: "",
});

/** /back-office/company (config.manage): the company facts the site shows and the platform settings. */
export function CompanyPage({ api = settingsApi }: { api?: SettingsApi }) {
  const [loaded] = useLoaded("company", () => api.companySettings());
  return (
    <div className="bo-settings">
      <h1>{label("company.title")}</h1>
      {loaded === null ? <p role="status">{label("common.loading")}</p> : null}
      {loaded?.error ? <p role="alert">{loaded.error}</p> : null}
      {loaded?.data ? <CompanyForm initial={loaded.data} api={api} /> : null}
    </div>
  );
}

function CompanyForm({
  initial,
  api,
}: {
  initial: CompanySettingsDto;
  api: SettingsApi;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(
    null,
  );
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { numbers: platform, errors: unread } = readNumbers(
      KINDS,
      draft.platform,
    );
    const found: FieldMessages = Object.fromEntries(
      Object.entries({ ...checkPlatformSettings(platform), ...unread }).map(
        ([f, m]) => [`platform.${f}`, m],
      ),
    );
    if (draft.reason.trim().length < 3)
      found.reason = [label("common.reason_hint")];
    setErrors(found);
    if (Object.keys(found).length > 0)
      return setStatus({ ok: false, text: label("common.failed") });
    setSaving(true);
    try {
      const saved = await api.saveCompanySettings(
        { company: draft.company, platform },
        draft.reason.trim(),
      );
      setDraft(draftOf(saved));
      setStatus({ ok: true, text: label("common.saved") });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setStatus({
        ok: false,
        text: error instanceof Error ? error.message : label("common.failed"),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label("company.title")}>
      <fieldset className="bo-card">
        <legend>{label("company.facts")}</legend>
        <div className="bo-grid">
          {FACTS.map((f) => (
            <FormField
              key={f}
              label={label(`company.fields.${f}`)}
              name={f}
              type={INPUT_TYPE[f] ?? "text"}
              value={draft.company[f]}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  company: { ...draft.company, [f]: e.target.value },
                })
              }
              errors={errors[`company.${f}`]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="bo-card">
        <legend>{label("company.platform")}</legend>
        <p>{label("company.platform_intro")}</p>
        <div className="bo-grid">
          {PLATFORM.map((f) => (
            <FormField
              key={f}
              label={label(`company.fields.${f}`)}
              name={f}
              inputMode={KINDS[f] === "percent" ? "decimal" : "numeric"}
              value={draft.platform[f]}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  platform: { ...draft.platform, [f]: e.target.value },
                })
              }
              errors={errors[`platform.${f}`]}
            />
          ))}
        </div>
      </fieldset>
      <FormField
        label={label("common.reason")}
        hint={label("common.reason_hint")}
        name="reason"
        value={draft.reason}
        onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
        errors={errors.reason}
      />
      <button type="submit" disabled={saving}>
        {saving ? label("common.saving") : label("common.save")}
      </button>
      {status ? (
        <p
          role={status.ok ? "status" : "alert"}
          className={status.ok ? undefined : "bo-error"}
        >
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
