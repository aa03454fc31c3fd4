import { t } from "@pinjaman/i18n";
import { DisbursalQueue } from "../../features/back-office/queues/disbursal-queue.tsx";
import "@pinjaman/i18n/ns/back_office_queues";

export function meta() {
  return [{ title: t("back_office_queues.disbursals.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/disbursals: payouts waiting, refused and given up; retry now (disbursals.manage). */
export default function BackOfficeDisbursals() {
  return <DisbursalQueue />;
}
