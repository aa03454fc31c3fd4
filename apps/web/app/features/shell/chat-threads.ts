import type { SupportLookupResponse, SupportThread } from "@pinjaman/contracts/support";
import { apiFetch } from "./api-fetch.ts";

export const SUPPORT_LOOKUP_URL = "/pub_api/v1/open/support_requests/lookup";
/** The chat panel's secrets, kept in this browser so it can read customer care's answers. */
export const CHAT_TOKENS_KEY = "pinjaman.chat.tokens";
/** The lookup takes at most 20 tokens: the newest are kept. */
const MAX_TOKENS = 20;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function storedChatTokens(): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(CHAT_TOKENS_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && TOKEN.test(v)) : [];
  } catch {
    return [];
  }
}

export function rememberChatToken(token: string): void {
  if (!TOKEN.test(token)) return;
  const tokens = [token, ...storedChatTokens().filter((t) => t !== token)].slice(0, MAX_TOKENS);
  try {
    storage()?.setItem(CHAT_TOKENS_KEY, JSON.stringify(tokens));
  } catch {
    // Storage full or refused (private mode): the answer still arrives by e-mail.
  }
}

/** This browser's messages and customer care's answers, newest first (none without stored tokens). */
export async function loadChatThreads(): Promise<SupportThread[]> {
  const tokens = storedChatTokens();
  if (tokens.length === 0) return [];
  const response = await apiFetch<SupportLookupResponse>(SUPPORT_LOOKUP_URL, { method: "POST", body: { data: { tokens } } });
  return response.data;
}
