import { normalizePath } from "@pinjaman/domain/variant";
import { t } from "@pinjaman/i18n";
import { LazyLoanCalculator, loadLoanCalculator } from "../features/calculator/lazy-loan-calculator.tsx";
import { isPublicPageSlug } from "../features/content/public-pages.ts";
import { PageTexts } from "../features/content/page-texts-view.tsx";
import { pageTexts } from "../features/content/page-texts.ts";
import { useWidgetModules } from "../features/content/widgets/registry.tsx";
import { PageView } from "../features/content/page-view.tsx";
import { pageNotFound } from "../features/shell/page-not-found.ts";
import type { Route } from "./+types/public-page";
import { loadPage } from "./public-page.server.ts";
import "@pinjaman/i18n/ns/errors";
import "@pinjaman/i18n/ns/home";

/** One module serves every slug of PUBLIC_PAGE_SLUGS (route id `page-<slug>`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = normalizePath(new URL(request.url).pathname);
  const slug = pathname.slice(1);
  if (!isPublicPageSlug(slug)) pageNotFound();
  return loadPage(slug, pathname, context);
}

/** A client navigation loads the page's texts module beside its data, so the page renders at once. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  // The loader's slug without importing its path rules: a trailing slash only misses the preload.
  const slug = new URL(request.url).pathname.slice(1);
  const [data] = await Promise.all([serverLoader(), pageTexts(slug).catch(() => null)]);
  return data;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: t("home.meta_title", { title: t("errors.not_found_title") }) }];
  return [
    { title: t("home.meta_title", { title: loaderData.head.title }) },
    { name: "description", content: loaderData.head.description },
  ];
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  useWidgetModules(loaderData.widgets, loadLoanCalculator);
  return (
    <PageTexts slug={loaderData.slug}>
      {/* Keyed by slug: moving between two pages of this module starts each page's widgets afresh. */}
      {(content) => <PageView key={loaderData.slug} page={{ ...loaderData, content }} calculator={LazyLoanCalculator} />}
    </PageTexts>
  );
}
