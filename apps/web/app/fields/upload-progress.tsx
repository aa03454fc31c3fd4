import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/media_fields";

/**
 * An upload's progress as a progressbar: 0–100, or -1 while the size is unknown (spec section 4),
 * which is shown as an indeterminate bar (no aria-valuenow).
 */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  const known = percent >= 0;
  const value = known ? Math.min(100, Math.max(0, Math.round(percent))) : undefined;
  return (
    <div className="media-field__progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className={known ? "media-progress" : "media-progress media-progress--unknown"}
      >
        <div className="media-progress__bar" style={known ? { width: `${value}%` } : undefined} />
      </div>
      <span className="media-field__progress-text">{known ? `${label} ${value}%` : label}</span>
    </div>
  );
}

/** The message an upload failure shows under its field: the error's own, else a generic one. */
export function uploadErrorMessage(cause: unknown): string {
  return cause instanceof Error && cause.message !== "" ? cause.message : t("media_fields.upload.failed");
}
