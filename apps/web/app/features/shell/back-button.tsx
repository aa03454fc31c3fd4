import { t } from "@pinjaman/i18n";
import { useLocation, useNavigate } from "react-router";
import "@pinjaman/i18n/ns/common";

/**
 * True when going back stays on this site: an earlier in-app navigation exists (React Router
 * gives the first location the key "default"), or the visitor arrived from one of our pages.
 */
export function cameFromThisSite(locationKey: string): boolean {
  if (locationKey !== "default") return true;
  if (typeof document === "undefined" || window.history.length <= 1 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

export type BackButtonProps = {
  /** Where to go when the visitor did not come from this site. */
  fallbackTo: string;
  className?: string;
};

/** "Kembali": history back when the visitor came from this site, otherwise `fallbackTo`. */
export function BackButton({ fallbackTo, className }: BackButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();

  function onClick() {
    if (cameFromThisSite(location.key)) void navigate(-1);
    else void navigate(fallbackTo);
  }

  return (
    <button type="button" className={className ?? "button button--text back-button"} onClick={onClick}>
      <span aria-hidden="true">← </span>
      {t("common.back")}
    </button>
  );
}
