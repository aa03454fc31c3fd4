import { t } from "@pinjaman/i18n";
import { Reconciliation } from "../../features/back-office/queues/reconciliation.tsx";
import "@pinjaman/i18n/ns/back_office_queues";

export function meta() {
  return [{ title: t("back_office_queues.reconciliation.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/reconciliation: parked payments matched to a loan or marked for refund (payments.reconcile). */
export default function BackOfficeReconciliation() {
  return <Reconciliation />;
}
