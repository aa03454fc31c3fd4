import { t } from "@pinjaman/i18n";
import { data } from "react-router";
import { LoginPage } from "../features/auth/login-page.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { clearSessionCookieHeader, hasSessionCookie, sessionFromRequest } from "../features/session/session.server.ts";
import type { Route } from "./+types/login";
import "@pinjaman/i18n/ns/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await sessionFromRequest(request, context.services);
  // A live session goes to /profile (guest guard), whatever the link said.
  await guardRoute({ middleware: ["guest"] }, { session });
  // A cookie the server no longer honours (revoked, replaced, expired) is dropped: it is HttpOnly,
  // so only a response can remove it.
  if (hasSessionCookie(request)) {
    return data({ sessionInvalid: true }, { headers: { "Set-Cookie": clearSessionCookieHeader(request) } });
  }
  return { sessionInvalid: new URL(request.url).searchParams.get("session") === "invalid" };
}

export function meta() {
  return [{ title: t("auth.login.meta_title") }, { name: "description", content: t("auth.login.meta_description") }];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LoginPage sessionInvalid={loaderData.sessionInvalid} />;
}
