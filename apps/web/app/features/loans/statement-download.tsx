import { t } from "@pinjaman/i18n";
import { useState } from "react";
import type { LoansApi } from "./loans-api.ts";
import "@pinjaman/i18n/ns/loans";

/** Downloads the statement PDF (POST accounts/{id}/statement) and saves it under the server's file name. */
export function StatementDownload({ accountId, api }: { accountId: string; api: LoansApi }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    setMessage("");
    try {
      const { blob, filename } = await api.statement(accountId);
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = filename ?? `laporan-pinjaman-${accountId}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the file to the browser; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setMessage(t("loans.page.statement_ready"));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="button button--outline" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {t("loans.page.statement_download")}
      </button>
      <p role="status">{message}</p>
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
