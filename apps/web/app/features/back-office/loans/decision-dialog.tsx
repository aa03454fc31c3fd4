import { t } from "@pinjaman/i18n";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "../../shell/api-fetch.ts";
import { Dialog } from "../../shell/dialog.tsx";
import type { Decision } from "./back-office-loans-api.ts";
import "@pinjaman/i18n/ns/back-office-loans";

/** The status a request takes from a decision. */
export function decidedStatus(decision: Decision): "approved" | "rejected" {
  return decision.outcome === "approve" ? "approved" : "rejected";
}

/** Who decided a request and the reason they gave (nothing while it is undecided). */
export function DecidedBy({ request }: { request: { decided_by: { name: string } | null; decision_reason: string | null } }) {
  if (!request.decided_by) return null;
  return (
    <p>
      {t("back-office-loans.approvals.decided_by", { name: request.decided_by.name })}: {request.decision_reason}
    </p>
  );
}

/** A dialog asking for a mandatory reason, then approve or reject; the server's refusal shows in it. */
export function DecisionDialog({ title, children, onDecide, onClose }: { title: string; children?: ReactNode; onDecide: (decision: Decision) => Promise<void>; onClose: () => void }) {
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(outcome: Decision["outcome"]) {
    setBusy(true);
    setError(null);
    try {
      await onDecide({ outcome, reason });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (e.fieldMessage("reason") ?? e.message) : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void decide("approve");
  }

  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <form onSubmit={submit} className="bo-loans__form">
        <label htmlFor={reasonId}>{t("back-office-loans.common.reason")}</label>
        <textarea id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={1000} rows={3} aria-describedby={error ? errorId : undefined} />
        {error !== null && (
          <p id={errorId} role="alert">
            {error}
          </p>
        )}
        <div className="bo-loans__actions">
          <button type="submit" disabled={busy}>
            {t("back-office-loans.common.approve")}
          </button>
          <button type="button" disabled={busy} onClick={() => void decide("reject")}>
            {t("back-office-loans.common.reject")}
          </button>
          <button type="button" onClick={onClose}>
            {t("back-office-loans.common.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * A dialog with a form: submit calls `onSubmit`; a refusal shows its field messages and message.
 * `canSubmit` false keeps the save button off (e.g. until what the request does is shown).
 */
export function FormDialog({
  title,
  children,
  onSubmit,
  onClose,
  canSubmit = true,
}: {
  title: string;
  children: ReactNode;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  canSubmit?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = Object.entries(e.fields).map(([, messages]) => messages.join(", "));
        setError([e.message, ...fields].join(" "));
      } else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} className="bo-loans__form">
        {children}
        {error !== null && <p role="alert">{error}</p>}
        <div className="bo-loans__actions">
          <button type="submit" disabled={busy || !canSubmit}>
            {t("back-office-loans.common.save")}
          </button>
          <button type="button" onClick={onClose}>
            {t("back-office-loans.common.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
