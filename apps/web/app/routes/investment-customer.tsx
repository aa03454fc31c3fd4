import { t } from "@pinjaman/i18n";
import { BorrowerPage } from "../features/lender/borrower-page.tsx";
import { guardLenderRoute } from "./lender-guard.server.ts";
import type { Route } from "./+types/investment-customer";
import "@pinjaman/i18n/ns/investments";

export function loader(args: Route.LoaderArgs) {
  return guardLenderRoute(args);
}

export function meta() {
  return [{ title: t("investments.borrower.meta_title") }, { name: "description", content: t("investments.borrower.meta_description") }];
}

/** A lender page (spec section 2); the older nested /investment-accounts/investment-accounts/… address answers it too. */
export default function InvestmentCustomer({ params }: Route.ComponentProps) {
  return <BorrowerPage key={Object.values(params).join(":")} customerId={params.customer_id} accountId={params.id} />;
}
