import { t } from "@pinjaman/i18n";
import type { ReactNode } from "react";
import "@pinjaman/i18n/ns/common";

export type LoadingBoxProps = {
  loaded: boolean;
  /** Shown instead of everything else when set. */
  error?: string | null;
  children?: ReactNode;
};

/** Spinner while loading, the error in an alert, else the content (spec section 2). */
export function LoadingBox({ loaded, error, children }: LoadingBoxProps) {
  if (error) {
    return (
      <div className="loading-box loading-box--error" role="alert">
        {error}
      </div>
    );
  }
  if (!loaded) {
    return (
      <div className="loading-box" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t("common.loading")}</span>
      </div>
    );
  }
  return <>{children}</>;
}
