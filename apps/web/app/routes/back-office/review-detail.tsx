import { t } from "@pinjaman/i18n";
import { ReviewDetail } from "../../features/back-office/queues/review-detail.tsx";
import { pageNotFound } from "../../features/shell/page-not-found.ts";
import type { Route } from "./+types/review-detail";
import "@pinjaman/i18n/ns/back_office_queues";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function loader({ params }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) pageNotFound();
  return null;
}

export function meta() {
  return [{ title: t("back_office_queues.review.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/review/{id}: one application under review, approve or reject with a reason. */
export default function BackOfficeReviewDetail({ params }: Route.ComponentProps) {
  return <ReviewDetail key={params.id} applicationId={params.id} />;
}
