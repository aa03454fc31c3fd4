import type { WriteOffFigures as Figures } from "@pinjaman/contracts/staff-approvals";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId } from "react";
import "@pinjaman/i18n/ns/back-office-loans";

/** What a write-off takes off the books (issue 17 §5), shown in the request and the approval dialogs before anyone confirms. */
export function WriteOffFigures({ figures }: { figures: Figures }) {
  const headingId = useId();
  const sharesId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t("back-office-loans.approvals.preview.title")}</h3>
      <dl>
        <dt>{t("back-office-loans.approvals.preview.principal")}</dt>
        <dd>{formatRupiah(figures.principal)}</dd>
        <dt>{t("back-office-loans.approvals.preview.interest")}</dt>
        <dd>{formatRupiah(figures.interest)}</dd>
        <dt>{t("back-office-loans.approvals.preview.late_fees")}</dt>
        <dd>{formatRupiah(figures.late_fees)}</dd>
      </dl>
      <h4 id={sharesId}>{t("back-office-loans.approvals.preview.shares")}</h4>
      <ul aria-labelledby={sharesId}>
        {figures.shares.map((s) => (
          <li key={`${s.holder}:${s.investment_id}`}>
            {s.holder === "insurer" ? t("back-office-loans.approvals.preview.insurer", { name: s.name }) : s.name}: {formatRupiah(s.amount)}
          </li>
        ))}
      </ul>
    </section>
  );
}
