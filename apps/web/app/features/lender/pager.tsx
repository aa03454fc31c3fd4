import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/investments";

type Props = { page: number; perPage: number; total: number; label: string; onPage: (page: number) => void };

/** Previous / next under a paged list, with where the list stands; nothing when it fits one page. */
export function Pager({ page, perPage, total, label, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) return null;
  return (
    <nav className="lender-pager" aria-label={label}>
      <button type="button" className="button button--outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("investments.account.previous")}
      </button>
      <span aria-live="polite">{t("investments.account.page_of", { page, pages })}</span>
      <button type="button" className="button button--outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("investments.account.next")}
      </button>
    </nav>
  );
}
