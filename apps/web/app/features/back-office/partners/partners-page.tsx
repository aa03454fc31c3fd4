import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { Link } from "react-router";
import { apiFetch, ApiError } from "../../shell/api-fetch.ts";
import { LoadingBox } from "../../shell/loading-box.tsx";
import { useLoaded } from "../../shell/use-loaded.ts";
import "@pinjaman/i18n/ns/partners";

export type PartnerRow = {
  id: string;
  name: string;
  legal_name: string;
  contact_email: string;
  callback_url: string;
  branches: { id: string; name: string; city: string }[];
  key_prefixes: string[];
  created_at: string;
};
type Issued = { partner_id: string; api_key: string; prefix: string; callback_secret: string };

export type PartnersApi = { list: () => Promise<PartnerRow[]>; issueKey: (id: string) => Promise<Issued> };
const DEFAULT_API: PartnersApi = {
  list: async () => (await apiFetch<{ data: PartnerRow[] }>("/app_api/v1/partners")).data,
  issueKey: async (id) => (await apiFetch<{ data: Issued }>(`/app_api/v1/partners/${encodeURIComponent(id)}/api_keys`, { method: "POST" })).data,
};

/**
 * /back-office/partners (partners.manage): the partners with their branches and live key
 * prefixes, the creation flows, and a new API key shown once with the callback secret.
 */
export function PartnersPage({ api = DEFAULT_API }: { api?: PartnersApi }) {
  const [loaded, reload] = useLoaded("partners", api.list);
  const [issued, setIssued] = useState<(Issued & { name: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function issue(partner: PartnerRow) {
    setError(null);
    try {
      setIssued({ ...(await api.issueKey(partner.id)), name: partner.name });
      reload();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("partners.back_office.failed"));
    }
  }
  return (
    <>
      <h1>{t("partners.back_office.title")}</h1>
      <p>{t("partners.back_office.intro")}</p>
      <p className="lead-failure__links">
        <Link className="button button--primary" to="/flows/hayman_s_partners_creation">
          {t("partners.back_office.add_partner")}
        </Link>
        <Link className="button" to="/flows/hayman_s_partners_creation_branch">
          {t("partners.back_office.add_branch")}
        </Link>
      </p>
      {error && <p role="alert">{error}</p>}
      {issued && (
        <section role="status" aria-label={t("partners.back_office.api_key")}>
          <p>{t("partners.back_office.issued", { name: issued.name })}</p>
          <dl>
            <dt>{t("partners.back_office.api_key")}</dt>
            <dd>
              <code>{issued.api_key}</code>
            </dd>
            <dt>{t("partners.back_office.callback_secret")}</dt>
            <dd>
              <code>{issued.callback_secret}</code>
            </dd>
          </dl>
        </section>
      )}
      <LoadingBox loaded={loaded !== null} error={loaded?.error ?? null}>
        {loaded?.data && loaded.data.length === 0 && <p>{t("partners.back_office.empty")}</p>}
        <ul className="back-office__cards">
          {(loaded?.data ?? []).map((partner) => (
            <li key={partner.id}>
              <article aria-label={partner.name}>
                <h2>{partner.name}</h2>
                <p>
                  {partner.legal_name} · {partner.contact_email}
                </p>
                <dl>
                  <dt>{t("partners.back_office.id")}</dt>
                  <dd>
                    <code>{partner.id}</code>
                  </dd>
                  <dt>{t("partners.back_office.callback")}</dt>
                  <dd>{partner.callback_url}</dd>
                  <dt>{t("partners.back_office.branches")}</dt>
                  <dd>{partner.branches.length === 0 ? t("partners.back_office.no_branches") : partner.branches.map((b) => `${b.name} (${b.city})`).join(", ")}</dd>
                  <dt>{t("partners.back_office.keys")}</dt>
                  <dd>{partner.key_prefixes.length === 0 ? t("partners.back_office.no_keys") : partner.key_prefixes.map((p) => `${p}…`).join(", ")}</dd>
                </dl>
                <button type="button" className="button" onClick={() => void issue(partner)}>
                  {t("partners.back_office.issue_key")}
                </button>
              </article>
            </li>
          ))}
        </ul>
      </LoadingBox>
    </>
  );
}
