import { t } from "@pinjaman/i18n";
import { useRouteLoaderData } from "react-router";
import { LoanPage } from "../features/loans/loan-page.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import { pageNotFound } from "../features/shell/page-not-found.ts";
import type { RootLoaderData } from "../features/shell/use-shell-data.ts";
import type { Route } from "./+types/loan";
import "@pinjaman/i18n/ns/loans";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) pageNotFound();
  await guardRoute({ middleware: ["auth"] }, { session: await sessionFromRequest(request, context.services) });
  return null;
}

export function meta() {
  return [{ title: t("loans.page.meta_title") }, { name: "description", content: t("loans.page.meta_description") }];
}

/** /profile/loans/{id}: one of the borrower's loans. Its code loads with this route only. */
export default function Loan({ params }: Route.ComponentProps) {
  // The root's shell data, read without importing use-shell-data (its own chunk once shared).
  const sandbox = useRouteLoaderData<RootLoaderData>("root")?.shell.sandbox ?? false;
  return <LoanPage key={params.id} accountId={params.id} sandbox={sandbox} />;
}
