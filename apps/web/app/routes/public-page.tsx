import { normalizePath } from "@pinjaman/domain/variant";
import { t } from "@pinjaman/i18n";
import { data } from "react-router";
import { LazyLoanCalculator } from "../features/calculator/lazy-loan-calculator.tsx";
import { isPublicPageSlug } from "../features/content/public-pages.ts";
import { PageView } from "../features/content/page-view.tsx";
import type { Route } from "./+types/public-page";
import { loadPage } from "./public-page.server.ts";
import "@pinjaman/i18n/ns/errors";
import "@pinjaman/i18n/ns/home";

/** One module serves every slug of PUBLIC_PAGE_SLUGS (route id `page-<slug>`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = normalizePath(new URL(request.url).pathname);
  const slug = pathname.slice(1);
  if (!isPublicPageSlug(slug)) throw data(null, { status: 404, statusText: "This page could not be found" });
  return loadPage(slug, pathname, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: t("home.meta_title", { title: t("errors.not_found_title") }) }];
  return [
    { title: t("home.meta_title", { title: loaderData.content.title }) },
    { name: "description", content: loaderData.content.description },
  ];
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  // Keyed by slug: moving between two pages of this module starts each page's widgets afresh.
  return <PageView key={loaderData.slug} page={loaderData} calculator={LazyLoanCalculator} />;
}
