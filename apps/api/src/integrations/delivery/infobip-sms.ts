import { PROVIDER_TIMEOUT_MS, permanentHttpStatus, shortError, type SendResult, type SmsTransport } from "./transports.ts";

export type InfobipSettings = {
  baseUrl: string;
  apiKey: string;
  sender: string;
  /** Where Infobip posts each message's delivery report, with our secret; absent: no reports asked for. */
  notify?: { url: string; secret: string };
};

/** The query parameter the delivery-report webhook reads its shared secret from (report-routes.ts). */
export const INFOBIP_NOTIFY_SECRET_PARAM = "secret";

/**
 * The notifyUrl sent with each message: INFOBIP_NOTIFY_URL with the shared secret as a query
 * parameter. A per-message notifyUrl cannot carry headers, so the secret travels in the URL
 * (over HTTPS), which Infobip calls as given.
 */
export function infobipNotifyUrl(notify: { url: string; secret: string }): string {
  const url = new URL(notify.url);
  url.searchParams.set(INFOBIP_NOTIFY_SECRET_PARAM, notify.secret);
  return url.toString();
}

type InfobipAnswer = {
  bulkId?: string;
  messages?: { to?: string; messageId?: string; status?: { groupId?: number; groupName?: string; name?: string; description?: string } }[];
  requestError?: { serviceException?: { messageId?: string; text?: string } };
};

/** Infobip's status group REJECTED: the number or content is refused; a retry gets the same. */
const REJECTED_GROUP = 5;

/**
 * SMS through Infobip's SMS API (used by Indonesian banks and lenders; sender ids registered with
 * the operators through it). One message per call:
 *
 *   POST {INFOBIP_BASE_URL}/sms/2/text/advanced
 *   Authorization: App {INFOBIP_API_KEY}
 *   Content-Type: application/json, Accept: application/json
 *   {"messages":[{"destinations":[{"to":"6281234567890"}],"from":"Pinjaman","text":"…"}]}
 *
 * With INFOBIP_NOTIFY_URL each message also carries `"notifyUrl":"https://…?secret=…",
 * "notifyContentType":"application/json"`: Infobip then posts its delivery report there
 * (report-routes.ts).
 *
 * answered 200 {"bulkId":"…","messages":[{"to":"…","messageId":"…","status":{"groupId":1,"groupName":"PENDING",…}}]}.
 * Numbers go in international form without "+" (MSISDN); a local 08… number becomes 628….
 */
export function infobipSms(settings: InfobipSettings): SmsTransport {
  const url = new URL("/sms/2/text/advanced", settings.baseUrl).toString();
  const reports = settings.notify ? { notifyUrl: infobipNotifyUrl(settings.notify), notifyContentType: "application/json" } : {};
  return {
    provider: "infobip",
    async send(sms): Promise<SendResult> {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { authorization: `App ${settings.apiKey}`, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ messages: [{ destinations: [{ to: msisdn(sms.to) }], from: settings.sender, text: sms.text, ...reports }] }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        return { ok: false, retryable: true, error: shortError(`Infobip unreachable: ${(error as Error).message}`) };
      }
      const answer = (await response.json().catch(() => ({}))) as InfobipAnswer;
      if (!response.ok) {
        const text = answer.requestError?.serviceException?.text ?? response.statusText;
        return { ok: false, retryable: !permanentHttpStatus(response.status), error: shortError(`Infobip HTTP ${response.status}: ${text}`) };
      }
      const message = answer.messages?.[0];
      if (!message?.messageId) return { ok: false, retryable: true, error: "Infobip answered without a message id" };
      if (message.status?.groupId === REJECTED_GROUP) {
        return { ok: false, retryable: false, error: shortError(`Infobip rejected: ${message.status.name ?? ""} ${message.status.description ?? ""}`) };
      }
      return { ok: true, providerMessageId: message.messageId };
    },
  };
}

/** +62 812… / 0812… / 62812… → 62812… (digits only). */
export function msisdn(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("0") ? `62${digits.slice(1)}` : digits;
}
