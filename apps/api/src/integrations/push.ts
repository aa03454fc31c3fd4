import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, eq, isNull } from "drizzle-orm";
import { queuePush } from "./delivery/deliveries.ts";
import { storeInOutbox } from "./outbox.ts";

/** A push to one device's registration token (devices.token where token_type is firebase). */
export type PushMessage = { token: string; title: string; body: string; data?: Record<string, string> };

export type PushSender = { send(message: PushMessage): Promise<void> };

/** Sandbox push: stored in the outbox (channel push, the token as recipient), never sent. */
export function sandboxPush(db: Db): PushSender {
  return {
    send: (message) => storeInOutbox(db, { channel: "push", recipient: message.token, subject: message.title, body: message.body }),
  };
}

/** Real push: queued in `deliveries`, sent through FCM by the delivery job (see mail.ts). */
export function queuedPush(db: Db, sendNow?: (deliveryId: string) => void): PushSender {
  return {
    async send(message) {
      const id = await queuePush(db, message);
      sendNow?.(id);
    },
  };
}

export function selectPush(config: { sandbox: boolean }, db: Db, sendNow?: (deliveryId: string) => void): PushSender {
  return config.sandbox ? sandboxPush(db) : queuedPush(db, sendNow);
}

/** The token type of spec section 3 devices that FCM delivers to. */
export const FIREBASE_TOKEN_TYPE = "firebase";

/** Pushes one message to every active firebase device of a customer; answers how many. */
export async function pushToCustomer(db: Db, push: PushSender, customerId: string, message: Omit<PushMessage, "token">): Promise<number> {
  const devices = await db
    .select({ token: schema.devices.token })
    .from(schema.devices)
    .where(and(eq(schema.devices.customerId, customerId), eq(schema.devices.tokenType, FIREBASE_TOKEN_TYPE), isNull(schema.devices.deactivatedAt)));
  const tokens = [...new Set(devices.map((d) => d.token))];
  for (const token of tokens) await push.send({ ...message, token });
  return tokens.length;
}
