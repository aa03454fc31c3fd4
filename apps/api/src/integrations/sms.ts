import type { Db } from "@pinjaman/db";
import { queueSms } from "./delivery/deliveries.ts";
import { storeInOutbox } from "./outbox.ts";

export type SmsMessage = { to: string; body: string };

export type SmsSender = { send(message: SmsMessage): Promise<void> };

/** Sandbox SMS: stored in the outbox, never sent. */
export function sandboxSms(db: Db): SmsSender {
  return {
    send: (message) => storeInOutbox(db, { channel: "sms", recipient: message.to, subject: "", body: message.body }),
  };
}

/** Real SMS: queued in `deliveries`, sent through the SMS gateway by the delivery job (see mail.ts). */
export function queuedSms(db: Db, sendNow?: (deliveryId: string) => void): SmsSender {
  return {
    async send(message) {
      const id = await queueSms(db, message);
      sendNow?.(id);
    },
  };
}

/** The SMS adapter for this configuration (outside the sandbox the gateway is checked at start). */
export function selectSms(config: { sandbox: boolean }, db: Db, sendNow?: (deliveryId: string) => void): SmsSender {
  return config.sandbox ? sandboxSms(db) : queuedSms(db, sendNow);
}
