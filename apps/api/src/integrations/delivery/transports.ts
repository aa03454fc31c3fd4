/**
 * What a real provider answers for one message. `retryable`: try again later (provider down,
 * timeout, throttled); otherwise never (the address or number is refused for good).
 */
export type SendResult = { ok: true; providerMessageId: string } | { ok: false; retryable: boolean; error: string };

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type OutgoingSms = { to: string; text: string };
export type OutgoingPush = { token: string; title: string; body: string; data?: Record<string, string> };

/** One provider per channel, named in the delivery's `provider` column. */
export type MailTransport = { provider: string; send(mail: OutgoingMail): Promise<SendResult> };
export type SmsTransport = { provider: string; send(sms: OutgoingSms): Promise<SendResult> };
export type PushTransport = { provider: string; send(push: OutgoingPush): Promise<SendResult> };

/** The real providers of a deployment outside the sandbox; push may be absent (not configured). */
export type DeliveryProviders = {
  mail: MailTransport;
  sms: SmsTransport;
  push: PushTransport | null;
  /** Attempts per message before it is recorded as failed. */
  maxAttempts: number;
};

/** HTTP statuses that no retry will change (the request itself is wrong). */
export function permanentHttpStatus(status: number): boolean {
  return status === 400 || status === 404 || status === 413 || status === 422;
}

/** A short, single-line error for the delivery's last_error (never a whole response body). */
export function shortError(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 500 ? `${line.slice(0, 497)}...` : line;
}

/** Provider calls give up after this long; the attempt then counts as failed and is retried. */
export const PROVIDER_TIMEOUT_MS = 15_000;
