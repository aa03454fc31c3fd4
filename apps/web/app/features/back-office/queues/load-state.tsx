import { t } from "@pinjaman/i18n";
import type { Load } from "./use-load.ts";
import "@pinjaman/i18n/ns/back_office_queues";

/** The loading line or the failure with a reload button, for a queue's first load. */
export function LoadState({ load }: { load: Pick<Load<unknown>, "data" | "error" | "loading" | "reload"> }) {
  if (load.error)
    return (
      <div className="queues__error" role="alert">
        <p>{load.error}</p>
        <button type="button" className="button button--outline" onClick={load.reload}>
          {t("back_office_queues.common.retry_load")}
        </button>
      </div>
    );
  if (load.loading && load.data === null) return <p role="status">{t("back_office_queues.common.loading")}</p>;
  return null;
}
