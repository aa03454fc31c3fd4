import { t } from "@pinjaman/i18n";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import type { Route } from "./+types/forgot-password";
import "@pinjaman/i18n/ns/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  await guardRoute({ middleware: ["guest"] }, { session: await sessionFromRequest(request, context.services) });
  return null;
}

export function meta() {
  return [{ title: t("auth.forgot.meta_title") }, { name: "description", content: t("auth.forgot.meta_description") }];
}

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
