import { uploadedFileValue, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from "@pinjaman/contracts/uploads";
import { t } from "@pinjaman/i18n";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { UploadProgress, uploadErrorMessage } from "./upload-progress.tsx";
import { uploadFieldFile } from "./upload-client.ts";
import "@pinjaman/i18n/ns/media_fields";
import "./media-fields.css";

const KB = 1024;
const MB = 1024 * 1024;

/** "10 MB", "1,5 MB", "500 KB": the limit as the message states it (Indonesian decimal comma). */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(Math.round((bytes / MB) * 10) / 10).toLocaleString("id-ID")} MB`;
  return `${Math.max(1, Math.round(bytes / KB)).toLocaleString("id-ID")} KB`;
}

const TYPE_NAMES: Record<string, string> = { "image/jpeg": "JPG", "image/png": "PNG", "application/pdf": "PDF" };

function typeNames(accept: readonly string[]): string {
  return accept.map((type) => TYPE_NAMES[type] ?? type).join(", ");
}

/** The client-side check before anything is sent; the server checks the same again. */
export function checkFile(file: { size: number; type: string }, accept: readonly string[], maxSize: number): string | null {
  if (accept.length > 0 && !accept.includes(file.type)) return t("media_fields.upload.wrong_type", { types: typeNames(accept) });
  if (file.size > maxSize) return t("media_fields.upload.too_large", { max: formatSize(maxSize) });
  return null;
}

function filenameOf(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    const parsed = uploadedFileValue.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data.metadata.filename : null;
  } catch {
    return null;
  }
}

/**
 * file_upload: picks a file (types from config.accept, size up to config.max_size, both checked
 * here first), uploads it through the presigned upload with a progress bar, then shows its name
 * with "replace" and "remove".
 */
export default function FileUploadField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const accept = field.config?.accept ?? [...UPLOAD_MIME_TYPES];
  const maxSize = field.config?.max_size ?? UPLOAD_MAX_BYTES;
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { onFilePresign } = context;
  const name = filenameOf(value);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked again must fire change again.
    event.target.value = "";
    if (!file) return;
    const problem = checkFile(file, accept, maxSize);
    setError(problem);
    if (problem) return;
    abortRef.current?.abort();
    const abort = new AbortController();
    abortRef.current = abort;
    setUploading({ name: file.name, percent: 0 });
    try {
      const uploaded = await uploadFieldFile(file, file.name, {
        presign: onFilePresign,
        onProgress: (percent) => {
          if (!abort.signal.aborted) setUploading({ name: file.name, percent });
        },
        signal: abort.signal,
      });
      if (abort.signal.aborted) return;
      onChange(uploaded);
    } catch (cause) {
      if (abort.signal.aborted) return;
      setError(uploadErrorMessage(cause));
    } finally {
      if (!abort.signal.aborted) setUploading(null);
    }
  }

  const locked = disabled || field.readOnly || uploading !== null;
  const shownErrors = error ? [error, ...errors] : errors;

  return (
    <FieldFrame field={field} errors={shownErrors} className="media-field file-upload-field">
      {({ id, describedBy, invalid }) => (
        <>
          <input
            ref={inputRef}
            id={id}
            name={field.key}
            type="file"
            className="file-upload-field__input"
            accept={accept.join(",")}
            disabled={locked}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => void onPick(event)}
          />
          {uploading && (
            <UploadProgress percent={uploading.percent} label={t("media_fields.upload.uploading", { name: uploading.name })} />
          )}
          {name && !uploading && (
            <p className="file-upload-field__name" role="status">
              {t("media_fields.upload.done", { name })}
            </p>
          )}
          <div className="media-field__actions">
            <button type="button" className={name ? "button button--outline" : "button button--primary"} disabled={locked} onClick={() => inputRef.current?.click()}>
              {name ? t("media_fields.upload.replace") : t("media_fields.upload.choose")}
            </button>
            {name && (
              <button
                type="button"
                className="button button--text"
                disabled={locked}
                onClick={() => {
                  setError(null);
                  onChange(null);
                }}
              >
                {t("media_fields.upload.remove")}
              </button>
            )}
          </div>
        </>
      )}
    </FieldFrame>
  );
}
