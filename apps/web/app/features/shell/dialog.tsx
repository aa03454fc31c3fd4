import { t } from "@pinjaman/i18n";
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from "react";
import "./dialog.css";
import "@pinjaman/i18n/ns/common";

/**
 * The site's one modal dialog (TKB explanation, help, chat). It is open while mounted: the owner
 * renders it when opened and drops it on close, so every opening starts fresh. A native <dialog>
 * shown with showModal() puts it in the top layer and makes the page behind it inert; focus moves
 * in on open, Tab cycles inside, Escape and the backdrop close it, and focus returns to the
 * control that opened it.
 */

export type DialogProps = {
  /** The visible heading that names the dialog. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** "corner" docks the dialog at the bottom right on wide screens (the chat panel). */
  placement?: "center" | "corner";
  /** Extra class on the <dialog>, for a feature's own styles. */
  className?: string;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hidden && !el.closest("[hidden], [inert]"));
}

export function Dialog({ title, onClose, children, placement = "center", className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const first = (bodyRef.current && focusableWithin(bodyRef.current)[0]) ?? focusableWithin(dialog)[0] ?? dialog;
    first.focus();
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab") return;
    const dialog = ref.current;
    if (!dialog) return;
    const items = focusableWithin(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  // The browser's own close request (Escape, back gesture): the owner decides.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onCloseRef.current();
  }

  // A click on the <dialog> itself is a click on the backdrop: the box fills the dialog.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === ref.current) onCloseRef.current();
  }

  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className={`dialog dialog--${placement}${className ? ` ${className}` : ""}`}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClick={onClick}
    >
      <div className="dialog__box">
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label={t("common.close")} onClick={() => onCloseRef.current()}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div ref={bodyRef} className="dialog__body">
          {children}
        </div>
      </div>
    </dialog>
  );
}
