import type { InvestmentApplication } from "@pinjaman/contracts/investments";
import { formatNumber } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { Figures } from "./figures.tsx";
import "@pinjaman/i18n/ns/investments";

type Facts = InvestmentApplication["borrower"] & { active_loans?: number };

/** What a lender may know of a borrower: region and history, never who they are. */
export function BorrowerFacts({ borrower: b }: { borrower: Facts }) {
  const k = (key: string) => t(`investments.application.${key}`);
  const rows: [string, string][] = [
    [k("region"), b.region ?? k("unknown")],
    [k("city"), b.city ?? k("unknown")],
    [k("earlier_loans"), formatNumber(b.earlier_loans)],
  ];
  if (b.active_loans !== undefined) rows.push([k("active_loans"), formatNumber(b.active_loans)]);
  rows.push([k("paid_on_time"), formatNumber(b.paid_on_time)], [k("paid_late"), formatNumber(b.paid_late)]);
  return <Figures rows={rows} />;
}
