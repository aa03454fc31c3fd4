import type { PageMeta } from "@pinjaman/contracts/paging";
import { t } from "@pinjaman/i18n";
import { useEffect, useRef } from "react";
import "./pager.css";
import "@pinjaman/i18n/ns/shell";

type Props = { meta: PageMeta; label: string; onPage: (page: number) => void };

/**
 * Previous / next under a paged list (a `meta` of packages/contracts/src/paging.ts), with where
 * the list stands, read out when it changes; nothing when the list fits one page. Reaching the
 * first or last page disables the button just pressed, so the focus moves to the other one
 * rather than falling back to the page's top.
 */
export function Pager({ meta, label, onPage }: Props) {
  const { page } = meta;
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    focusAfter.current?.focus();
    focusAfter.current = null;
  }, [page]);
  if (pages === 1) return null;
  const go = (to: number) => {
    focusAfter.current = to <= 1 ? next.current : to >= pages ? previous.current : null;
    onPage(to);
  };
  return (
    <nav className="pager" aria-label={label}>
      <button ref={previous} type="button" className="button button--outline" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t("shell.pager.previous")}
      </button>
      <span aria-live="polite">{t("shell.pager.page_of", { page, pages })}</span>
      <button ref={next} type="button" className="button button--outline" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t("shell.pager.next")}
      </button>
    </nav>
  );
}
