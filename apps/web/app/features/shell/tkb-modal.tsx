import { formatDateTime } from "@pinjaman/domain/dates";
import { t } from "@pinjaman/i18n";
import { Dialog } from "./dialog.tsx";
import "@pinjaman/i18n/ns/dialogs";
import "@pinjaman/i18n/ns/shell";

/** The last-update time in Jakarta time; the raw text when it is not a date. */
export function formatTkbUpdate(lastUpdate: string): string {
  const date = new Date(lastUpdate);
  return Number.isNaN(date.getTime()) ? lastUpdate : formatDateTime(date);
}

export type TkbModalProps = {
  /** Each figure with its percentage already in Indonesian notation ("98,87"). */
  rows: ReadonlyArray<{ name: string; percentage: string }>;
  /** ISO time of the last update. */
  lastUpdate: string;
  onClose: () => void;
};

/** What TKB90 means, the current figures and when they were last updated (spec section 1). */
export default function TkbModal({ rows, lastUpdate, onClose }: TkbModalProps) {
  return (
    <Dialog title={t("dialogs.tkb.modal_title")} onClose={onClose}>
      <p>{t("dialogs.tkb.definition")}</p>
      <p className="tkb-modal__formula">{t("dialogs.tkb.formula")}</p>
      <p>{t("dialogs.tkb.twp")}</p>
      <p>{t("dialogs.tkb.meaning")}</p>
      <p>{t("dialogs.tkb.ojk")}</p>
      {rows.length > 0 && (
        <table className="tkb-modal__table">
          <caption>{t("dialogs.tkb.table_caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dialogs.tkb.table_name")}</th>
              <th scope="col">{t("dialogs.tkb.table_value")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td>{t("shell.tkb.percent", { percentage: row.percentage })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="tkb-modal__updated">{t("dialogs.tkb.last_update", { time: formatTkbUpdate(lastUpdate) })}</p>
    </Dialog>
  );
}
