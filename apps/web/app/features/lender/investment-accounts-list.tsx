import { formatDate } from "@pinjaman/domain/dates";
import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import { useLoaded } from "../shell/use-loaded.ts";
import { accountPath, useLenderApi } from "./lender-api.ts";
import "@pinjaman/i18n/ns/investments";

/**
 * The customer's investment accounts on /profile (spec "Dashboard state" investmentAccounts),
 * each linking to its page; nothing for a customer who has none. `customerKey` starts the load.
 */
export function InvestmentAccountsList({ customerKey }: { customerKey: string | null }) {
  const api = useLenderApi();
  const [accounts] = useLoaded(customerKey, () => api.investmentAccounts());
  if (!accounts?.data?.length) return null;
  return (
    <section aria-labelledby="dashboard-investment-accounts-title">
      <h2 id="dashboard-investment-accounts-title">{t("investments.profile.title")}</h2>
      <ul className="dashboard-flows">
        {accounts.data.map((a, n) => {
          const number = String(n + 1);
          return (
            <li key={a.id}>
              <span>
                <strong>{t("investments.profile.account", { number })}</strong>
                {a.activated_on && (
                  <>
                    <br />
                    <span className="field__hint">{formatDate(a.activated_on)}</span>
                  </>
                )}
              </span>
              <Link className="button button--outline" to={accountPath(a.id)} aria-label={t("investments.profile.open_label", { number })}>
                {t("investments.profile.open")}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
