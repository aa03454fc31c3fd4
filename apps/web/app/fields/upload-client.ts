import type { PresignedUpload, PresignHandler, UploadedFileValue } from "@pinjaman/contracts/uploads";
import { LOCALE, t } from "@pinjaman/i18n";
import { ApiError, apiFetch } from "../features/shell/api-fetch.ts";
import "@pinjaman/i18n/ns/errors";

export type UploadOptions = {
  presign: PresignHandler | null;
  /** 0–100 while the file goes up; -1 when the browser cannot tell the total. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
};

/** The site's presign call (spec section 7), given to file and camera fields as onFilePresign. */
export const presignFieldUpload: PresignHandler = async (data) =>
  (await apiFetch<{ data: PresignedUpload }>("/app_api/v1/field_uploads/presign_upload", { method: "POST", body: { data } })).data;

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/** The message of a refused upload: our JSON error, S3's XML <Message>, else the generic text. */
function refusal(status: number, body: string): ApiError {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.message === "string" && parsed.error.message !== "") {
      return new ApiError(parsed.error.message, status, {}, typeof parsed.error.code === "string" ? parsed.error.code : undefined);
    }
  } catch {
    // Not JSON: S3 answers XML.
  }
  const xml = /<Message>([^<]+)<\/Message>/.exec(body)?.[1];
  if (xml) return new ApiError(xml, status, {}, /<Code>([^<]+)<\/Code>/.exec(body)?.[1]);
  return new ApiError(status >= 500 ? t("errors.request_failed") : t("errors.generic_title"), status);
}

/** Posts the presigned form with XMLHttpRequest, the one browser API that reports upload progress. */
function postForm(presigned: PresignedUpload, file: Blob, filename: string, options: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) return reject(signal.reason);
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    // The file goes last: S3 ignores fields after it, and so does our local target.
    form.append("file", file, filename);

    const xhr = new XMLHttpRequest();
    xhr.open(presigned.method || "POST", presigned.url);
    // Our own upload target wants the session cookie and X-Locale like every browser write; a
    // bucket on another origin gets neither (a custom header or credentials would need its CORS).
    if (isSameOrigin(presigned.url)) {
      xhr.withCredentials = true;
      xhr.setRequestHeader("X-Locale", LOCALE);
    }
    xhr.upload.onprogress = (event) => onProgress?.(event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : -1);
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = (error?: unknown) => {
      signal?.removeEventListener("abort", onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? settle() : settle(refusal(xhr.status, xhr.responseText)));
    xhr.onerror = () => settle(new ApiError(t("errors.network"), 0, {}, "network"));
    xhr.onabort = () => settle(signal?.reason ?? new DOMException("The upload was aborted.", "AbortError"));
    xhr.send(form);
  });
}

/**
 * Uploads a field's file (spec section 3): presign, post the form with the file, and return the
 * value the field stores, the JSON string {id, storage, metadata: {size, filename, mime_type}}.
 */
export async function uploadFieldFile(file: Blob, filename: string, options: UploadOptions): Promise<string> {
  if (!options.presign) throw new Error("onFilePresign not configured!");
  const presigned = await options.presign({ filename, content_type: file.type, size: file.size });
  await postForm(presigned, file, filename, options);
  const value: UploadedFileValue = {
    id: presigned.id,
    storage: presigned.storage,
    metadata: { size: file.size, filename, mime_type: file.type },
  };
  return JSON.stringify(value);
}
