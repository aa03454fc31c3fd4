import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { hashPassword } from "../accounts/passwords.ts";

/** Test helpers of the authy_api tests: customers made directly in the database, cookies, codes. */

export const LOGIN_URL = "/authy_api/v1/authentication_methods/emailpass/authentications";
export const DEFAULT_PASSWORD = "rahasia-Kuat-2025";

export type TestCustomer = { id: string; email: string; password: string; name: string; phone: string | null };

export async function createCustomer(
  db: Db,
  options: { password?: string | null; phone?: string | null; name?: string; email?: string } = {},
): Promise<TestCustomer> {
  const email = options.email ?? `nasabah-${randomBytes(4).toString("hex")}@pinjaman.test`;
  const password = options.password === undefined ? DEFAULT_PASSWORD : options.password;
  const name = options.name ?? "Budi Santoso";
  const [row] = await db
    .insert(schema.customers)
    .values({ name, email, phone: options.phone ?? null, passwordHash: password === null ? null : await hashPassword(password) })
    .returning({ id: schema.customers.id });
  if (!row) throw new Error("customer not stored");
  await db.insert(schema.customerRoles).values({ customerId: row.id, typeKey: "primary" });
  return { id: row.id, email, password: password ?? "", name, phone: options.phone ?? null };
}

export type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean; expires?: Date; maxAge?: number };

export function responseCookie(res: LightMyRequestResponse, name: string): Cookie | undefined {
  return (res.cookies as Cookie[]).find((c) => c.name === name);
}

/** The `client` cookie's token (what a native client sends as X-Authorization). */
export function tokenOf(cookieValue: string): string {
  return (JSON.parse(cookieValue) as { token: string }).token;
}

/** Latest message the sandbox delivered to a recipient. */
export async function lastMessage(db: Db, recipient: string) {
  const [row] = await db
    .select()
    .from(schema.outboxMessages)
    .where(eq(schema.outboxMessages.recipient, recipient))
    .orderBy(desc(schema.outboxMessages.id))
    .limit(1);
  return row;
}

export async function messagesTo(db: Db, recipient: string, channel: "mail" | "sms" = "mail") {
  return db
    .select()
    .from(schema.outboxMessages)
    .where(and(eq(schema.outboxMessages.recipient, recipient), eq(schema.outboxMessages.channel, channel)))
    .orderBy(desc(schema.outboxMessages.id));
}

export async function lastCode(db: Db, recipient: string): Promise<string> {
  const message = await lastMessage(db, recipient);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** A 6-digit code different from the right one. */
export function wrongCode(right: string): string {
  return String((Number(right) + 1) % 1_000_000).padStart(6, "0");
}

type Session = { cookie: string; token: string; sessionId: string; authenticationId: string; deviceKey: string };

let ipCounter = 0;
/** A fresh client address, so one test's failures never throttle another's. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function postLogin(
  app: FastifyInstance,
  /** With `code` while the account is locked: the e-mailed code that lets the right password in. */
  credentials: { email: string; password: string; code?: string },
  options: { ip?: string; cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: "POST",
    url: LOGIN_URL,
    headers: { "x-locale": "id", ...options.headers },
    payload: { data: credentials },
    remoteAddress: options.ip ?? "127.0.0.1",
    ...(options.cookies ? { cookies: options.cookies } : {}),
  });
}

export function enterCode(
  app: FastifyInstance,
  authenticationId: string,
  data: { code: string } | { resend: true },
  options: { ip?: string; cookies?: Record<string, string> } = {},
) {
  return app.inject({
    method: "PATCH",
    url: `/authy_api/v1/authentications/${authenticationId}/code`,
    headers: { "x-locale": "id" },
    payload: { data },
    remoteAddress: options.ip ?? "127.0.0.1",
    ...(options.cookies ? { cookies: options.cookies } : {}),
  });
}

/** Logs in through the e-mailed code when asked (a new device), as a person would. */
export async function logIn(
  app: FastifyInstance,
  db: Db,
  customer: TestCustomer,
  options: { ip?: string; deviceKey?: string } = {},
): Promise<Session> {
  const ip = options.ip ?? freshIp();
  const cookies: Record<string, string> = options.deviceKey ? { device_key: options.deviceKey } : {};
  const first = await postLogin(app, customer, { ip, cookies });
  const deviceKey = responseCookie(first, "device_key")?.value ?? options.deviceKey;
  if (!deviceKey) throw new Error("no device key");
  let res = first;
  if (first.statusCode === 202) {
    const code = await lastCode(db, customer.email);
    res = await enterCode(app, first.json().data.id, { code }, { ip, cookies: { device_key: deviceKey } });
  }
  if (res.statusCode !== 201) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = responseCookie(res, "client");
  if (!cookie) throw new Error("no session cookie");
  const { data } = res.json();
  return { cookie: cookie.value, token: tokenOf(cookie.value), sessionId: data.session.id, authenticationId: data.id, deviceKey };
}

/**
 * Who the server thinks is calling, through a call that needs a session: 401 for nobody, 404
 * (the signature does not exist) for a valid session.
 */
export async function probe(app: FastifyInstance, auth: { cookie?: string; token?: string }): Promise<number> {
  const res = await app.inject({
    method: "GET",
    url: "/authy_api/v1/signatures/00000000-0000-4000-8000-000000000000/poll",
    ...(auth.cookie ? { cookies: { client: auth.cookie } } : {}),
    ...(auth.token ? { headers: { "x-authorization": auth.token } } : {}),
  });
  return res.statusCode;
}

export async function auditTypes(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ type: schema.auditEvents.type })
    .from(schema.auditEvents)
    .where(eq(schema.auditEvents.customerId, customerId))
    .orderBy(schema.auditEvents.id);
  return rows.map((r) => r.type);
}
