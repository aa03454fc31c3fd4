import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { newToken } from "../sessions/tokens.ts";

/**
 * A long-lived random key naming the browser; known_devices holds its SHA-256 for each customer
 * who completed a second factor on it. It proves nothing by itself: it only spares a code.
 */
export const DEVICE_COOKIE = "device_key";
const DEVICE_KEY = /^[A-Za-z0-9_-]{43}$/;
const DEVICE_COOKIE_DAYS = 365;

export function readDeviceKey(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  return typeof value === "string" && DEVICE_KEY.test(value) ? value : null;
}

/** The request's device key, or a new one set on the reply. */
export function ensureDeviceKey(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  const existing = readDeviceKey(request);
  if (existing) return existing;
  const key = newToken();
  reply.setCookie(DEVICE_COOKIE, key, {
    httpOnly: true,
    sameSite: "lax",
    secure: !app.config.publicOrigin.startsWith("http://"),
    // Only the authentication calls need it.
    path: "/authy_api",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
  return key;
}
