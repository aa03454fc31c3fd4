import type { AuthenticationResponse } from "@pinjaman/contracts/auth";
import { apiFetch } from "../shell/api-fetch.ts";

/** The authy_api calls of the auth pages (spec section 7), methods emailpass and emailpass_reset. */

export const LOGIN_URL = "/authy_api/v1/authentication_methods/emailpass/authentications";
export const PASSWORD_RESETS_URL = "/authy_api/v1/authentication_methods/emailpass_reset/password_resets";
export const PASSWORD_RESETS_RESOLVE_URL = `${PASSWORD_RESETS_URL}/resolve`;
export const authenticationPollUrl = (id: string) => `/authy_api/v1/authentications/${encodeURIComponent(id)}/poll`;
export const authenticationCodeUrl = (id: string) => `/authy_api/v1/authentications/${encodeURIComponent(id)}/code`;

export type Authentication = AuthenticationResponse["data"];

/** E-mail and password; with `code` (the e-mailed one) once the server answered `login_locked`. */
export async function startLogin(email: string, password: string, code?: string): Promise<Authentication> {
  const data = code ? { email, password, code } : { email, password };
  return (await apiFetch<AuthenticationResponse>(LOGIN_URL, { method: "POST", body: { data } })).data;
}

/** The server's answer when the e-mail is locked by failed logins: the right password now needs the e-mailed code. */
export const LOGIN_LOCKED = "login_locked";

export async function pollAuthentication(id: string): Promise<Authentication> {
  return (await apiFetch<AuthenticationResponse>(authenticationPollUrl(id))).data;
}

export async function submitCode(id: string, code: string): Promise<Authentication> {
  return (await apiFetch<AuthenticationResponse>(authenticationCodeUrl(id), { method: "PATCH", body: { data: { code } } })).data;
}

/** A new code; the answer may say when the next one can be asked for. */
export async function resendCode(id: string): Promise<Partial<Authentication>> {
  const response = await apiFetch<{ data?: Partial<Authentication> } | undefined>(authenticationCodeUrl(id), {
    method: "PATCH",
    body: { data: { resend: true } },
  });
  return response?.data ?? {};
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch(PASSWORD_RESETS_URL, { method: "POST", body: { data: { email } } });
}

export async function resolvePasswordReset(token: string, password: string): Promise<void> {
  await apiFetch(PASSWORD_RESETS_RESOLVE_URL, { method: "POST", body: { data: { token, password } } });
}

/** The authentication waiting for its code, kept for the tab so a reload stays on the code step. */
const PENDING_KEY = "pendingAuthentication";

export function savePendingAuthentication(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(PENDING_KEY, id);
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Blocked storage: a reload starts the login again.
  }
}

export function readPendingAuthentication(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}
