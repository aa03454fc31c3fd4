import { t } from "@pinjaman/i18n";
import { LazyLoanCalculator, loadLoanCalculator } from "../features/calculator/lazy-loan-calculator.tsx";
import type { PageContent, PageLoaderData } from "../features/content/page-content.ts";
import { PageTexts } from "../features/content/page-texts-view.tsx";
import { pageTexts } from "../features/content/page-texts.ts";
import { useWidgetModules } from "../features/content/widgets/registry.tsx";
import { ContentSection, PageWidgets } from "../features/content/page-view.tsx";
import type { Route } from "./+types/home";
import { loadPage } from "./public-page.server.ts";
import "@pinjaman/i18n/ns/home";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPage("home", "/", context);
}

/** A client navigation loads the page's texts module beside its data, so the page renders at once. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), pageTexts("home").catch(() => null)]);
  return data;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: t("home.meta_title", { title: loaderData.head.title }) },
    { name: "description", content: loaderData.head.description },
  ];
}

/**
 * The home page: the title, then the calculator's section (calculator first), then the lead, so a
 * phone shows the calculator above the fold; from 960 px the lead sits under the title beside it.
 */
function HomeView({ page, content }: { page: PageLoaderData; content: PageContent }) {
  const heroIndex = content.sections.findIndex((s) => s.blocks.some((b) => "widget" in b && b.widget === "loanCalculator"));
  const hero = content.sections[heroIndex];
  return (
    <PageWidgets widgets={page.widgets} calculator={LazyLoanCalculator}>
      <article className="content-page home-page">
        <div className="home-hero">
          <h1 className="home-title">{content.title}</h1>
          {hero ? <ContentSection section={hero} className="home-calculator" widgetsFirst /> : null}
          {content.lead ? <p className="content-lead home-lead">{content.lead}</p> : null}
        </div>
        {content.sections.map((section, i) => (i === heroIndex ? null : <ContentSection key={i} section={section} />))}
      </article>
    </PageWidgets>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useWidgetModules(loaderData.widgets, loadLoanCalculator);
  return (
    <PageTexts slug="home">
      {(content) => <HomeView page={loaderData} content={content} />}
    </PageTexts>
  );
}
