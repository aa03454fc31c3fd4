import { t } from "@pinjaman/i18n";
import { ProfilePage } from "../features/auth/profile-page.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import type { Route } from "./+types/profile";
import "@pinjaman/i18n/ns/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  await guardRoute({ middleware: ["auth"] }, { session: await sessionFromRequest(request, context.services) });
  return null;
}

export function meta() {
  return [{ title: t("auth.profile.meta_title") }, { name: "description", content: t("auth.profile.meta_description") }];
}

export default function Profile() {
  return <ProfilePage />;
}
