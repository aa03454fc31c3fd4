import { LOCALE, t } from "@pinjaman/i18n";
import { progress } from "./progress.ts";
import "@pinjaman/i18n/ns/errors";

/**
 * The site's one way to call its own APIs: JSON in and out, the locale header every browser call
 * must carry (the cookie alone never authorises a write), the progress bar for everything but
 * the public pub_api calls (spec section 4), and errors as ApiError with messages per field.
 */

export type FieldMessages = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    /** Messages per field ("name", not "data.name"), as the server sends them. */
    readonly fields: FieldMessages = {},
    readonly code?: string,
  ) {
    super(message);
  }

  /** The field's messages joined as the site shows them under the field; undefined when none. */
  fieldMessage(field: string): string | undefined {
    const messages = this.fields[field];
    return messages && messages.length > 0 ? joinFieldMessages(messages) : undefined;
  }
}

export function joinFieldMessages(messages: readonly string[]): string {
  return messages.join(", ");
}

export type ApiFetchInit = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** The call outlives the page (a draft saved as the page is left or reloaded). */
  keepalive?: boolean;
};

/** Public calls never show the progress indicator. */
export function isPublicApiUrl(url: string): boolean {
  return new URL(url, "http://localhost").pathname.startsWith("/pub_api/");
}

type ErrorShape = { error?: { code?: unknown; message?: unknown; fields?: unknown } };

function toFieldMessages(value: unknown): FieldMessages {
  if (typeof value !== "object" || value === null) return {};
  const fields: FieldMessages = {};
  for (const [key, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) fields[key] = messages.filter((m): m is string => typeof m === "string");
  }
  return fields;
}

function errorFromBody(status: number, body: unknown): ApiError {
  const error = (typeof body === "object" && body !== null ? (body as ErrorShape).error : undefined) ?? {};
  const message =
    typeof error.message === "string" && error.message !== ""
      ? error.message
      : status >= 500
        ? t("errors.request_failed")
        : t("errors.generic_title");
  return new ApiError(message, status, toFieldMessages(error.fields), typeof error.code === "string" ? error.code : undefined);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type HeaderProvider = () => Record<string, string>;
let headerProvider: HeaderProvider | undefined;

/**
 * Extra headers for every call from now on, e.g. the session's chosen role (X-Role). The
 * session feature installs it once signed in, so this module stays free of session code.
 */
export function setRequestHeaders(provider: HeaderProvider | undefined): void {
  headerProvider = provider;
}

/** Sends the call; throws ApiError for a 4xx/5xx (read from the error envelope) or a network failure. */
export async function sendApiRequest(url: string, init: ApiFetchInit, accept: string): Promise<Response> {
  const headers: Record<string, string> = { ...headerProvider?.(), Accept: accept, "X-Locale": LOCALE };
  const hasBody = init.body !== undefined;
  if (hasBody) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? (hasBody ? "POST" : "GET"),
      headers,
      body: hasBody ? JSON.stringify(init.body) : undefined,
      credentials: "same-origin",
      signal: init.signal,
      ...(init.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(t("errors.network"), 0, {}, "network");
  }
  if (!response.ok) throw errorFromBody(response.status, await readJson(response));
  return response;
}

/** Runs `work` under the progress bar, except for the public calls. */
export async function withProgress<T>(url: string, work: () => Promise<T>): Promise<T> {
  const shown = !isPublicApiUrl(url);
  if (shown) progress.start();
  try {
    return await work();
  } finally {
    if (shown) progress.done();
  }
}

/** Calls `url` and returns its parsed JSON; throws ApiError for a 4xx/5xx or a network failure. */
export async function apiFetch<T>(url: string, init: ApiFetchInit = {}): Promise<T> {
  return withProgress(url, async () => (await readJson(await sendApiRequest(url, init, "application/json"))) as T);
}
