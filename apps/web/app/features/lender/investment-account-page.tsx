import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { Figures } from "./figures.tsx";
import { INVESTMENT_ACCOUNT_SECTIONS } from "./investment-account-sections.tsx";
import { useLenderApi } from "./lender-api.ts";
import { StatisticsPanel } from "./statistics-panel.tsx";
import "@pinjaman/i18n/ns/investments";
import "./lender.css";

/**
 * /investment-accounts/{id} (spec "Investment account state"): the balance, the statistics with
 * the monthly chart, then each section of INVESTMENT_ACCOUNT_SECTIONS.
 */
export function InvestmentAccountPage({ accountId, sandbox = false }: { accountId: string; sandbox?: boolean }) {
  const api = useLenderApi();
  // Bumped when a section moved money, so the balance and statistics are read again.
  const [version, setVersion] = useState(0);
  const onChanged = useCallback(() => setVersion((v) => v + 1), []);
  const [balance] = useLoaded(`${accountId}:${version}`, () => api.balance(accountId));
  const [statistics] = useLoaded(`${accountId}:${version}`, () => api.statistics(accountId));
  const k = (key: string) => t(`investments.account.${key}`);
  return (
    <div className="container">
      <div className="profile-page lender-page">
        <p>
          <Link to="/profile">{k("back")}</Link>
        </p>
        <h1>{k("title")}</h1>
        <section aria-labelledby="lender-balance-title">
          <h2 id="lender-balance-title">{k("balance_title")}</h2>
          <LoadingBox loaded={balance !== null} error={balance?.error}>
            {balance?.data && (
              <Figures
                rows={[
                  [k("available"), formatRupiah(balance.data.available)],
                  [k("reserved"), formatRupiah(balance.data.reserved)],
                ]}
              />
            )}
          </LoadingBox>
        </section>
        <section aria-labelledby="lender-stats-title">
          <h2 id="lender-stats-title">{k("stats_title")}</h2>
          <LoadingBox loaded={statistics !== null} error={statistics?.error}>
            {statistics?.data && <StatisticsPanel statistics={statistics.data} />}
          </LoadingBox>
        </section>
        {INVESTMENT_ACCOUNT_SECTIONS.map(({ key, Component }) => (
          <Component key={key} accountId={accountId} sandbox={sandbox} onChanged={onChanged} />
        ))}
      </div>
    </div>
  );
}
