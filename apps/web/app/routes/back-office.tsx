import { t } from "@pinjaman/i18n";
import { Outlet } from "react-router";
import { BackOfficeLayout } from "../features/back-office/back-office-layout.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionTokenFromCookieHeader } from "../features/session/session-cookie.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import { pageNotFound } from "../features/shell/page-not-found.ts";
import type { Route } from "./+types/back-office";
import "@pinjaman/i18n/ns/back_office";

/** Signed out: /login. A customer without a staff role: the not-found page (the back office is not advertised). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await guardRoute({ middleware: ["auth"] }, { session: await sessionFromRequest(request, context.services) });
  const token = sessionTokenFromCookieHeader(request.headers.get("cookie"));
  const staff = token ? await context.services.staffMember(token) : null;
  if (!staff) pageNotFound();
  return { staff };
}

export function meta() {
  return [{ title: t("back_office.meta_title") }, { name: "description", content: t("back_office.meta_description") }, { name: "robots", content: "noindex" }];
}

/** /back-office and its pages (decision 0026). */
export default function BackOffice({ loaderData }: Route.ComponentProps) {
  return (
    <BackOfficeLayout staff={loaderData.staff}>
      <Outlet />
    </BackOfficeLayout>
  );
}
