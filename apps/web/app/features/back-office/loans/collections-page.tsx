import type { LateLoan } from "@pinjaman/contracts/collections";
import { formatDateTime } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { Link } from "react-router";
import { LoadingBox } from "../../shell/loading-box.tsx";
import { Pager } from "../../shell/pager.tsx";
import { useLoaded } from "../../shell/use-loaded.ts";
import { backOfficeLoansApi, type BackOfficeLoansApi } from "./back-office-loans-api.ts";
import "@pinjaman/i18n/ns/back-office-loans";
import "./back-office-loans.css";

const BUCKETS = ["1_30", "31_60", "61_90", "over_90"] as const;

/** /back-office/collections: late loans by days-past-due bucket, most late first, 25 a page. */
export function CollectionsPage({ api = backOfficeLoansApi }: { api?: BackOfficeLoansApi }) {
  const [bucket, setBucket] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [loaded] = useLoaded(`${bucket ?? "all"}:${page}`, () => api.lateLoans(bucket, page));
  const counts = loaded?.data?.meta.counts;
  const total = counts ? Object.values(counts).reduce((s, n) => s + n, 0) : null;
  const choose = (b: string | null) => {
    setBucket(b);
    setPage(1);
  };
  return (
    <div className="bo-loans">
      <h1>{t("back-office-loans.collections.title")}</h1>
      <p>{t("back-office-loans.collections.intro")}</p>
      <ul className="bo-loans__tabs" aria-label={t("back-office-loans.collections.dpd")}>
        {[null, ...BUCKETS].map((b) => (
          <li key={b ?? "all"}>
            <button type="button" aria-pressed={bucket === b} onClick={() => choose(b)}>
              {t(`back-office-loans.collections.bucket.${b ?? "all"}`)}
              {counts ? ` (${b ? (counts[b] ?? 0) : total})` : ""}
            </button>
          </li>
        ))}
      </ul>
      <LoadingBox loaded={loaded !== null} error={loaded?.error}>
        {loaded?.data &&
          (loaded.data.data.length === 0 ? (
            <p>{t("back-office-loans.common.empty")}</p>
          ) : (
            <>
              <ul className="bo-loans__list">
                {loaded.data.data.map((loan) => (
                  <LateLoanCard key={loan.account_id} loan={loan} />
                ))}
              </ul>
              <Pager meta={loaded.data.meta} label={t("back-office-loans.collections.pages")} onPage={setPage} />
            </>
          ))}
      </LoadingBox>
    </div>
  );
}

function LateLoanCard({ loan }: { loan: LateLoan }) {
  return (
    <li className="bo-loans__card">
      <h2>{loan.borrower_name}</h2>
      <dl>
        <dt>{t("back-office-loans.collections.dpd")}</dt>
        <dd>
          {t("back-office-loans.common.days", { days: loan.days_past_due })} · {t(`back-office-loans.collections.bucket.${loan.bucket}`)}
        </dd>
        <dt>{t("back-office-loans.collections.overdue")}</dt>
        <dd>{formatRupiah(loan.overdue_amount)}</dd>
        <dt>{t("back-office-loans.collections.outstanding")}</dt>
        <dd>{formatRupiah(loan.outstanding_principal)}</dd>
        <dt>{t("back-office-loans.collections.last_contact")}</dt>
        <dd>{loan.last_contact_at ? formatDateTime(new Date(loan.last_contact_at)) : t("back-office-loans.collections.never")}</dd>
      </dl>
      <Link className="bo-loans__button" to={`/back-office/collections/${loan.account_id}`} aria-label={`${t("back-office-loans.collections.open")}: ${loan.borrower_name}`}>
        {t("back-office-loans.collections.open")}
      </Link>
    </li>
  );
}
