import { t } from "@pinjaman/i18n";
import { ApplicationPage } from "../features/lender/application-page.tsx";
import { guardLenderRoute } from "./lender-guard.server.ts";
import type { Route } from "./+types/investment-application";
import "@pinjaman/i18n/ns/investments";

export function loader(args: Route.LoaderArgs) {
  return guardLenderRoute(args);
}

export function meta() {
  return [{ title: t("investments.application.meta_title") }, { name: "description", content: t("investments.application.meta_description") }];
}

/** A lender page (spec section 2); the older nested /investment-accounts/investment-accounts/… address answers it too. */
export default function InvestmentApplication({ params }: Route.ComponentProps) {
  return <ApplicationPage key={Object.values(params).join(":")} accountId={params.id} applicationId={params.application_id} />;
}
