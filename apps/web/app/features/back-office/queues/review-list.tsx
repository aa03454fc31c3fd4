import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Pager } from "../../shell/pager.tsx";
import { LoadState } from "./load-state.tsx";
import { queuesApi, type QueuesApi } from "./queues-api.ts";
import { useLoad } from "./use-load.ts";
import "@pinjaman/i18n/ns/back_office_queues";
import "./queues.css";

/** The statuses an operator can act on (the server's reviewQueueQuery accepts these). */
const REVIEW_STATUSES = ["submitted", "rejected", "waiting_for_investment"] as const;

/**
 * The review queue: applications waiting for an operator's decision, oldest first (a loan
 * officer's pending-approval list). Each opens the application's review page.
 */
export function ReviewList({ api = queuesApi }: { api?: Pick<QueuesApi, "reviewList"> }) {
  const id = useId();
  const [status, setStatus] = useState<string>("submitted");
  const [page, setPage] = useState(1);
  const load = useLoad(() => api.reviewList(status, page), `${status}:${page}`);

  return (
    <section className="queues" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t("back_office_queues.review.title")}</h1>
      <p>{t("back_office_queues.review.intro")}</p>
      <div className="field queues__filter">
        <label htmlFor={`${id}-status`} className="field__label">
          {t("back_office_queues.review.filter_label")}
        </label>
        <select
          id={`${id}-status`}
          className="field__input"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          {REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`back_office_queues.review.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <LoadState load={load} />
      {load.data && load.data.data.length === 0 && <p>{t("back_office_queues.common.empty")}</p>}
      {load.data && load.data.data.length > 0 && (
        <ul className="queues__list" aria-busy={load.loading}>
          {load.data.data.map((item) => (
            <li key={item.id} className="queues__item">
              <h2 className="queues__item-title">
                <Link to={`/back-office/review/${item.id}`}>{item.borrower_name}</Link>
              </h2>
              <dl className="queues__figures">
                <dt>{t("back_office_queues.common.amount")}</dt>
                <dd>{formatRupiah(item.amount)}</dd>
                <dt>{t("back_office_queues.review.tenor")}</dt>
                <dd>{t("back_office_queues.review.term", { term: item.term })}</dd>
                <dt>{t("back_office_queues.review.submitted_on")}</dt>
                <dd>{item.submitted_on ? formatDate(item.submitted_on) : "–"}</dd>
                {item.product_name && (
                  <>
                    <dt>{t("back_office_queues.review.product")}</dt>
                    <dd>{item.product_name}</dd>
                  </>
                )}
              </dl>
              {item.referred && <p className="queues__badge">{t("back_office_queues.review.referred")}</p>}
            </li>
          ))}
        </ul>
      )}
      {load.data && <Pager meta={load.data.meta} label={t("back_office_queues.review.pages")} onPage={setPage} />}
    </section>
  );
}
