import type { Db } from "@pinjaman/db";
import type { Config } from "../config.ts";
import { IntegrationNotConfigured } from "./not-configured.ts";
import { storeInOutbox } from "./outbox.ts";

export type SmsMessage = { to: string; body: string };

export type SmsSender = { send(message: SmsMessage): Promise<void> };

/** Sandbox SMS: stored in the outbox, never sent. */
export function sandboxSms(db: Db): SmsSender {
  return {
    send: (message) => storeInOutbox(db, { channel: "sms", recipient: message.to, subject: "", body: message.body }),
  };
}

/** The SMS adapter for this configuration; throws IntegrationNotConfigured at start when none fits. */
export function selectSms(config: Pick<Config, "sandbox">, db: Db): SmsSender {
  if (config.sandbox) return sandboxSms(db);
  throw new IntegrationNotConfigured("SMS");
}
