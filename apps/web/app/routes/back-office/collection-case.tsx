import { t } from "@pinjaman/i18n";
import { CollectionCasePage } from "../../features/back-office/loans/collection-case-page.tsx";
import { useCan } from "../../features/back-office/staff-context.tsx";
import { pageNotFound } from "../../features/shell/page-not-found.ts";
import type { Route } from "./+types/collection-case";
import "@pinjaman/i18n/ns/back-office-loans";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function loader({ params }: Route.LoaderArgs) {
  if (!UUID.test(params.accountId)) pageNotFound();
  return null;
}

export function meta() {
  return [{ title: t("back-office-loans.collections.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/collections/{accountId}: one loan's collection case. */
export default function CollectionCase({ params }: Route.ComponentProps) {
  const canRequestWriteOff = useCan("write_offs.request");
  return <CollectionCasePage key={params.accountId} accountId={params.accountId} canRequestWriteOff={canRequestWriteOff} />;
}
