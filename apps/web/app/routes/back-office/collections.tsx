import { t } from "@pinjaman/i18n";
import { CollectionsPage } from "../../features/back-office/loans/collections-page.tsx";
import "@pinjaman/i18n/ns/back-office-loans";

export function meta() {
  return [{ title: t("back-office-loans.collections.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/collections (collections.work). */
export default function Collections() {
  return <CollectionsPage />;
}
