import { t } from "@pinjaman/i18n";
import { InvestmentPage } from "../features/lender/investment-page.tsx";
import { guardLenderRoute } from "./lender-guard.server.ts";
import type { Route } from "./+types/investment";
import "@pinjaman/i18n/ns/investments";

export function loader(args: Route.LoaderArgs) {
  return guardLenderRoute(args);
}

export function meta() {
  return [{ title: t("investments.investment.meta_title") }, { name: "description", content: t("investments.investment.meta_description") }];
}

/** A lender page (spec section 2); the older nested /investment-accounts/investment-accounts/… address answers it too. */
export default function Investment({ params }: Route.ComponentProps) {
  return <InvestmentPage key={Object.values(params).join(":")} accountId={params.id} investmentId={params.investment_id} />;
}
