import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { offersApi, type OffersApi } from "./offers-api.ts";
import "@pinjaman/i18n/ns/borrower_flows";
import "./borrower-offers.css";

/**
 * "Penawaran untuk Anda" on /profile: the returning-customer flows the server offers this
 * customer today (consumer, mini, multi-product loans; refinancing per loan), each a link to its
 * flow page; when none is offered, why (no_flow_available_v2). `customerKey` starts the load.
 */
export function BorrowerOffers({ customerKey, api = offersApi }: { customerKey: string | null; api?: OffersApi }) {
  const [offers] = useLoaded(customerKey, () => api.offers());
  const data = offers?.data;
  return (
    <section aria-labelledby="borrower-offers-title">
      <h2 id="borrower-offers-title">{t("borrower_flows.dashboard.offers_title")}</h2>
      <LoadingBox loaded={offers !== null} error={offers?.error}>
        {data && data.offered.length > 0 && (
          <ul className="borrower-offers">
            {data.offered.map((offer) => (
              <li key={offer.path}>
                <span>
                  <strong>{offer.name}</strong>
                  {offer.payoff !== null && (
                    <>
                      <br />
                      <span className="field__hint">
                        {t("borrower_flows.calculator.payoff")}: {formatRupiah(offer.payoff)}
                      </span>
                    </>
                  )}
                </span>
                <Link className="button button--primary" to={offer.path} aria-label={t("borrower_flows.dashboard.apply_label", { flow: offer.name })}>
                  {t("borrower_flows.dashboard.apply")}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {data && data.offered.length === 0 && data.no_flow && (
          <p className="borrower-offers__none">
            <span>{data.no_flow.reason}</span> <Link to={data.no_flow.path}>{t("borrower_flows.dashboard.no_flow_link")}</Link>
          </p>
        )}
      </LoadingBox>
    </section>
  );
}
