import type { Db } from "@pinjaman/db";
import { queueMail } from "./delivery/deliveries.ts";
import { storeInOutbox } from "./outbox.ts";

export type MailMessage = { to: string; subject: string; body: string };

export type Mailer = { send(message: MailMessage): Promise<void> };

/** Sandbox mail: stored in the outbox, never sent. */
export function sandboxMailer(db: Db): Mailer {
  return {
    send: (message) => storeInOutbox(db, { channel: "mail", recipient: message.to, subject: message.subject, body: message.body }),
  };
}

/**
 * Real mail: queued in `deliveries` through `db` (a job's transaction queues with its work), sent
 * over SMTP by the delivery job with retries (integrations/delivery). `sendNow` (the app's) tries
 * a queued message at once, after the answer, so a sign-in code does not wait for the next tick.
 */
export function queuedMailer(db: Db, sendNow?: (deliveryId: string) => void): Mailer {
  return {
    async send(message) {
      const id = await queueMail(db, message);
      sendNow?.(id);
    },
  };
}

/**
 * The mail adapter for this configuration. Outside the sandbox the providers are checked at
 * start (integrations/plugin.ts, selectDeliveryProviders), which refuses to start without them.
 */
export function selectMailer(config: { sandbox: boolean }, db: Db, sendNow?: (deliveryId: string) => void): Mailer {
  return config.sandbox ? sandboxMailer(db) : queuedMailer(db, sendNow);
}
