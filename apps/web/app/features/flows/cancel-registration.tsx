import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { Dialog } from "../shell/dialog.tsx";
import "@pinjaman/i18n/ns/flows";

/**
 * "Batalkan pendaftaran" asks first: a tap by mistake on a phone must not end the registration.
 * The dialog's first button keeps the registration, so Enter or a second tap changes nothing.
 */
export function CancelRegistration({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="button button--text" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {t("flows.page.cancel_registration")}
      </button>
      {asking ? (
        <Dialog title={t("flows.page.cancel_confirm.title")} onClose={() => setAsking(false)}>
          <p>{t("flows.page.cancel_confirm.text")}</p>
          <div className="flow-confirm__actions">
            <button type="button" className="button button--primary" onClick={() => setAsking(false)}>
              {t("flows.page.cancel_confirm.keep")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setAsking(false);
                onConfirm();
              }}
            >
              {t("flows.page.cancel_confirm.confirm")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
