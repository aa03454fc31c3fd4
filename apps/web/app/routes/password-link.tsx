import { t } from "@pinjaman/i18n";
import { isValidTokenParam, ResetPasswordPage } from "../features/auth/reset-password-page.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import type { Route } from "./+types/password-link";
import "@pinjaman/i18n/ns/auth";

/**
 * One module for both password links (routes.ts mounts it twice): /reset-password/{token?} sets a
 * new password, /generate-password/{token?} a first one for a customer made by an operator or a flow.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await guardRoute(
    { middleware: ["guest"], validate: () => isValidTokenParam(params.token) },
    { session: await sessionFromRequest(request, context.services) },
  );
  const mode = new URL(request.url).pathname.startsWith("/generate-password") ? "generate" : "reset";
  return { token: params.token ?? null, mode } as const;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const generate = loaderData?.mode === "generate";
  const title = generate ? t("auth.reset.generate_meta_title") : t("auth.reset.meta_title");
  const description = generate ? t("auth.reset.generate_meta_description") : t("auth.reset.meta_description");
  return [{ title }, { name: "description", content: description }, { name: "referrer", content: "no-referrer" }];
}

export default function PasswordLink({ loaderData }: Route.ComponentProps) {
  return <ResetPasswordPage key={loaderData.mode} token={loaderData.token} mode={loaderData.mode} />;
}
