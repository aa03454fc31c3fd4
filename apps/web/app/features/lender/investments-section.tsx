import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { investmentPath, useLenderApi } from "./lender-api.ts";
import { Pager } from "../shell/pager.tsx";
import { ScrollTable } from "../shell/scroll-table.tsx";
import "@pinjaman/i18n/ns/investments";

/** The lender's investments (POST investments/search), newest first, a page at a time, each linking to its page. */
export function InvestmentsSection({ accountId }: { accountId: string }) {
  const api = useLenderApi();
  const id = useId();
  const [page, setPage] = useState(1);
  const [found] = useLoaded(`${accountId}:${page}`, () => api.investments(accountId, page));
  const k = (key: string) => t(`investments.sections.${key}`);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{k("investments_title")}</h2>
      <LoadingBox loaded={found !== null} error={found?.error}>
        {found?.data?.data.length === 0 && <p>{k("investments_empty")}</p>}
        {found?.data && found.data.data.length > 0 && (
          <>
            <ScrollTable
              caption={k("investments_caption")}
              className="lender-table"
              columns={[
                { label: k("col_loan") },
                { label: k("col_amount"), numeric: true },
                { label: k("col_status") },
                { label: k("col_outstanding"), numeric: true },
                { label: k("col_action"), hidden: true },
              ]}
            >
              {found.data.data.map((i) => {
                const loan = `${i.terms.product_name ?? i.terms.product_key ?? ""} ${i.terms.risk_grade ?? ""}`.trim();
                return (
                  <tr key={i.id}>
                    <th scope="row">{loan}</th>
                    <td className="num">{formatRupiah(i.amount)}</td>
                    <td>{i.status_label}</td>
                    <td className="num">{formatRupiah(i.outstanding_principal)}</td>
                    <td>
                      <Link
                        to={investmentPath(accountId, i.id)}
                        aria-label={t("investments.sections.open_investment_label", { loan: `${loan} ${formatRupiah(i.amount)}` })}
                      >
                        {k("open")}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </ScrollTable>
            <Pager meta={found.data.meta} label={k("investments_title")} onPage={setPage} />
          </>
        )}
      </LoadingBox>
    </section>
  );
}
