import { t } from "@pinjaman/i18n";
import { LeadFailure, type LeadFailureKind } from "../features/partners/lead-failure.tsx";
import type { Route } from "./+types/lead-failure";
import "@pinjaman/i18n/ns/partners";

const KINDS: Record<string, LeadFailureKind> = { "/leads/invalid": "invalid", "/leads/authError": "auth_error", "/leads/errors": "errors" };

export function loader({ request }: Route.LoaderArgs) {
  return { kind: KINDS[new URL(request.url).pathname] ?? "errors" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: t(`partners.lead.${loaderData?.kind ?? "errors"}.title`) },
    { name: "description", content: t("partners.lead.failure_description") },
    { name: "robots", content: "noindex" },
  ];
}

/** /leads/invalid, /leads/authError and /leads/errors (spec section 2). */
export default function LeadFailurePage({ loaderData }: Route.ComponentProps) {
  return <LeadFailure kind={loaderData.kind} />;
}
