import { t } from "@pinjaman/i18n";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Dialog } from "./dialog.tsx";
import "@pinjaman/i18n/ns/common";
import "@pinjaman/i18n/ns/dialogs";

/**
 * "Pusat Bantuan": asks whether the visitor has an account; yes leads to customer care (stage 2),
 * no to the pages that explain the loan (stage 3). It is mounted per opening, so it always
 * starts at stage 1 (spec section 4).
 */

export type HelpStage = 1 | 2 | 3;

export type HelpDialogProps = {
  phone: string;
  /** tel: link for the phone (see tel.ts); passed in so this chunk stays small. */
  phoneHref: string;
  email: string;
  onClose: () => void;
};

export const HELP_LINKS = [
  { to: "/how-to-apply", key: "dialogs.help.links.how_to_apply" },
  { to: "/faq", key: "dialogs.help.links.faq" },
  { to: "/costs", key: "dialogs.help.links.costs" },
] as const;

export default function HelpDialog({ phone, phoneHref, email, onClose }: HelpDialogProps) {
  const [stage, setStage] = useState<HelpStage>(1);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After a stage change the pressed button is gone: put focus on the new stage's heading.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [stage]);

  function go(next: HelpStage) {
    moved.current = true;
    setStage(next);
  }

  return (
    <Dialog title={t("dialogs.help.title")} onClose={onClose}>
      <div className="help" data-stage={stage}>
        {stage === 1 && (
          <>
            <h3 ref={headingRef} tabIndex={-1} className="help__question">
              {t("dialogs.help.question")}
            </h3>
            <div className="help__choices">
              <button type="button" className="button button--primary" onClick={() => go(2)}>
                {t("dialogs.help.yes")}
              </button>
              <button type="button" className="button button--outline" onClick={() => go(3)}>
                {t("dialogs.help.no")}
              </button>
            </div>
          </>
        )}
        {stage === 2 && (
          <>
            <h3 ref={headingRef} tabIndex={-1} className="help__question">
              {t("dialogs.help.contact_title")}
            </h3>
            <p>{t("dialogs.help.contact_text")}</p>
            <ul className="help__list">
              <li>
                <span className="help__label">{t("dialogs.help.phone")}</span>{" "}
                <a href={phoneHref}>{phone}</a>
              </li>
              <li>
                <span className="help__label">{t("dialogs.help.email")}</span>{" "}
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            </ul>
          </>
        )}
        {stage === 3 && (
          <>
            <h3 ref={headingRef} tabIndex={-1} className="help__question">
              {t("dialogs.help.learn_title")}
            </h3>
            <p>{t("dialogs.help.learn_text")}</p>
            <ul className="help__list">
              {HELP_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={onClose}>
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
        {stage !== 1 && (
          <button type="button" className="button button--text help__back" onClick={() => go(1)}>
            {t("common.back")}
          </button>
        )}
      </div>
    </Dialog>
  );
}
