import { t } from "@pinjaman/i18n";
import { OutboxPage } from "../features/sandbox/outbox-page.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import type { Route } from "./+types/sandbox-outbox";
import "@pinjaman/i18n/ns/auth";

/** Only a sandbox has an outbox: elsewhere the page does not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await guardRoute(
    { validate: async () => (await context.services.shell()).sandbox },
    { session: await sessionFromRequest(request, context.services) },
  );
  return null;
}

export function meta() {
  return [
    { title: t("auth.outbox.meta_title") },
    { name: "description", content: t("auth.outbox.meta_description") },
    { name: "robots", content: "noindex" },
  ];
}

export default function SandboxOutbox() {
  return <OutboxPage />;
}
