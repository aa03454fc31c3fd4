import { data, redirect } from "react-router";
import type { ServerSession } from "./session-cookie.ts";

/**
 * Route middleware (spec section 2), run by route loaders so a guard holds on the server render
 * and on client navigation alike (a navigation runs the loader on the server with the cookie):
 * - auth: no valid session → /login;
 * - guest: a valid session → /profile;
 * - registration: no registration in progress → index.
 * A middleware or validator that fails gives 404; an unknown middleware name gives 500
 * "Unknown middleware".
 */

export type GuardContext = {
  session: ServerSession;
  /**
   * Whether a registration is in progress. It lives in the browser (features/shell/registration.ts),
   * so a route using "registration" runs its guards in a clientLoader and passes
   * isRegistrationInProgress(); unknown counts as none.
   */
  registrationInProgress?: boolean;
};

/** Throws a redirect to send the visitor elsewhere; returns false to fail the route (404). */
export type Middleware = (context: GuardContext) => void | boolean;

export const LOGIN_PATH = "/login";
export const PROFILE_PATH = "/profile";
export const INDEX_PATH = "/";

export const MIDDLEWARE: Readonly<Record<string, Middleware>> = {
  auth({ session }) {
    if (!session.authenticated) throw redirect(LOGIN_PATH);
  },
  guest({ session }) {
    if (session.authenticated) throw redirect(PROFILE_PATH);
  },
  registration({ registrationInProgress }) {
    if (!registrationInProgress) throw redirect(INDEX_PATH);
  },
};

export type MiddlewareName = keyof typeof MIDDLEWARE;

export const UNKNOWN_MIDDLEWARE = "Unknown middleware";

function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export type RouteGuards = {
  middleware?: readonly string[];
  /** The route's own check (parameters, availability); false → 404. */
  validate?: () => boolean | Promise<boolean>;
};

/** A redirect passes through; anything else a check throws fails the route. */
async function passes(check: () => void | boolean | Promise<boolean>): Promise<boolean> {
  try {
    return (await check()) !== false;
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("[route] check failed", error);
    return false;
  }
}

/** Runs a route's middleware in order, then its validator. */
export async function guardRoute(
  { middleware = [], validate }: RouteGuards,
  context: GuardContext,
  registry: Readonly<Record<string, Middleware>> = MIDDLEWARE,
): Promise<void> {
  for (const name of middleware) {
    const run = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!run) throw data(null, { status: 500, statusText: UNKNOWN_MIDDLEWARE });
    if (!(await passes(() => run(context)))) notFound();
  }
  if (validate && !(await passes(validate))) notFound();
}
