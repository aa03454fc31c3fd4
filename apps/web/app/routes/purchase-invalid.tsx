import { t } from "@pinjaman/i18n";
import { PurchaseInvalid } from "../features/partners/lead-failure.tsx";
import "@pinjaman/i18n/ns/partners";

export function meta() {
  return [{ title: t("partners.purchase.invalid.title") }, { name: "description", content: t("partners.purchase.invalid.description") }, { name: "robots", content: "noindex" }];
}

/** /purchase/invalid (spec section 2). */
export default function PurchaseInvalidPage() {
  return <PurchaseInvalid />;
}
