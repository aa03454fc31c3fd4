import { t } from "@pinjaman/i18n";
import { ReviewList } from "../../features/back-office/queues/review-list.tsx";
import "@pinjaman/i18n/ns/back_office_queues";

export function meta() {
  return [{ title: t("back_office_queues.review.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/review: the applications waiting for an operator's decision (applications.review). */
export default function BackOfficeReview() {
  return <ReviewList />;
}
