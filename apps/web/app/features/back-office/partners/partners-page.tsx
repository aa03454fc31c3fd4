import type { PartnerSettlementRequest, PartnerSummary } from "@pinjaman/contracts/partners";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { Link } from "react-router";
import { apiFetch, ApiError } from "../../shell/api-fetch.ts";
import { LoadingBox } from "../../shell/loading-box.tsx";
import { useLoaded } from "../../shell/use-loaded.ts";
import { SettlementDialog } from "./settlement-dialog.tsx";
import "@pinjaman/i18n/ns/partners";
import "@pinjaman/i18n/ns/flows";

export type PartnerRow = PartnerSummary;
type Issued = { partner_id: string; api_key: string; prefix: string; callback_secret: string };

export type PartnersApi = {
  list: () => Promise<PartnerRow[]>;
  issueKey: (id: string) => Promise<Issued>;
  saveSettlement: (id: string, body: PartnerSettlementRequest) => Promise<PartnerRow>;
};
const DEFAULT_API: PartnersApi = {
  list: async () => (await apiFetch<{ data: PartnerRow[] }>("/app_api/v1/partners")).data,
  issueKey: async (id) => (await apiFetch<{ data: Issued }>(`/app_api/v1/partners/${encodeURIComponent(id)}/api_keys`, { method: "POST" })).data,
  saveSettlement: async (id, body) => (await apiFetch<{ data: PartnerRow }>(`/app_api/v1/partners/${encodeURIComponent(id)}/settlement_account`, { method: "PUT", body })).data,
};

const settlementText = (a: NonNullable<PartnerRow["settlement_account"]>) =>
  t("partners.back_office.settlement_account", { bank: t(`flows.option.bank.${a.bank_code}`), account_number: a.account_number, account_name: a.account_name });

/**
 * /back-office/partners (partners.manage): the partners with their settlement accounts (editable
 * in a dialog), branches and live key prefixes, the creation flows, and a new API key shown once
 * with the callback secret.
 */
export function PartnersPage({ api = DEFAULT_API }: { api?: PartnersApi }) {
  const [loaded, reload] = useLoaded("partners", api.list);
  const [issued, setIssued] = useState<(Issued & { name: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PartnerRow | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
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
      {saved && <p role="status">{saved}</p>}
      {editing && (
        <SettlementDialog
          partner={editing}
          save={api.saveSettlement}
          onClose={() => setEditing(null)}
          onSaved={(partner) => {
            setEditing(null);
            setSaved(t("partners.back_office.settlement_saved", { name: partner.name }));
            reload();
          }}
        />
      )}
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
                  <dt>{t("partners.back_office.settlement")}</dt>
                  <dd>{partner.settlement_account ? settlementText(partner.settlement_account) : t("partners.back_office.no_settlement")}</dd>
                  <dt>{t("partners.back_office.callback")}</dt>
                  <dd>{partner.callback_url}</dd>
                  <dt>{t("partners.back_office.branches")}</dt>
                  <dd>{partner.branches.length === 0 ? t("partners.back_office.no_branches") : partner.branches.map((b) => `${b.name} (${b.city})`).join(", ")}</dd>
                  <dt>{t("partners.back_office.keys")}</dt>
                  <dd>{partner.key_prefixes.length === 0 ? t("partners.back_office.no_keys") : partner.key_prefixes.map((p) => `${p}…`).join(", ")}</dd>
                </dl>
                <p className="lead-failure__links">
                  <button type="button" className="button" onClick={() => void issue(partner)}>
                    {t("partners.back_office.issue_key")}
                  </button>
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setSaved(null);
                      setEditing(partner);
                    }}
                  >
                    {t(partner.settlement_account ? "partners.back_office.settlement_edit" : "partners.back_office.settlement_add")}
                  </button>
                </p>
              </article>
            </li>
          ))}
        </ul>
      </LoadingBox>
    </>
  );
}
