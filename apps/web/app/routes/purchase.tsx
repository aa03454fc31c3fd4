import { t } from "@pinjaman/i18n";
import { redirect } from "react-router";
import { LoginBox } from "../features/auth/login-box.tsx";
import { PurchasePage } from "../features/partners/purchase-page.tsx";
import type { Route } from "./+types/purchase";
import "@pinjaman/i18n/ns/partners";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function loader({ params }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) throw redirect("/purchase/invalid");
  return null;
}

export function meta() {
  return [{ title: t("partners.purchase.meta_title") }, { name: "description", content: t("partners.purchase.meta_description") }, { name: "robots", content: "noindex" }];
}

/** /purchase/{id}: a partner's purchase paid by instalments after logging in (spec section 2). */
export default function Purchase({ params }: Route.ComponentProps) {
  return <PurchasePage key={params.id} id={params.id} loginBox={<LoginBox title={t("partners.purchase.login_title")} />} />;
}
