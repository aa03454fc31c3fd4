import type { Db } from "@pinjaman/db";
import type { Config } from "../config.ts";
import { IntegrationNotConfigured } from "./not-configured.ts";
import { storeInOutbox } from "./outbox.ts";

export type MailMessage = { to: string; subject: string; body: string };

export type Mailer = { send(message: MailMessage): Promise<void> };

/** Sandbox mail: stored in the outbox, never sent. */
export function sandboxMailer(db: Db): Mailer {
  return {
    send: (message) => storeInOutbox(db, { channel: "mail", recipient: message.to, subject: message.subject, body: message.body }),
  };
}

/** The mail adapter for this configuration; throws IntegrationNotConfigured at start when none fits. */
export function selectMailer(config: Pick<Config, "sandbox">, db: Db): Mailer {
  if (config.sandbox) return sandboxMailer(db);
  throw new IntegrationNotConfigured("mail");
}
