import { t } from "@pinjaman/i18n";
import { useRouteLoaderData } from "react-router";
import { InvestmentAccountPage } from "../features/lender/investment-account-page.tsx";
import type { RootLoaderData } from "../features/shell/use-shell-data.ts";
import { guardLenderRoute } from "./lender-guard.server.ts";
import type { Route } from "./+types/investment-account";
import "@pinjaman/i18n/ns/investments";

export function loader(args: Route.LoaderArgs) {
  return guardLenderRoute(args);
}

export function meta() {
  return [{ title: t("investments.account.meta_title") }, { name: "description", content: t("investments.account.meta_description") }];
}

/** A lender page (spec section 2); the older nested /investment-accounts/investment-accounts/… address answers it too. */
export default function InvestmentAccount({ params }: Route.ComponentProps) {
  // The root's shell data, read without importing use-shell-data (its own chunk once shared).
  const sandbox = useRouteLoaderData<RootLoaderData>("root")?.shell.sandbox ?? false;
  return <InvestmentAccountPage key={Object.values(params).join(":")} accountId={params.id} sandbox={sandbox} />;
}
