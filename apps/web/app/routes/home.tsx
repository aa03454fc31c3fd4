import { t } from "@pinjaman/i18n";
import { LazyLoanCalculator } from "../features/calculator/lazy-loan-calculator.tsx";
import { ContentSection, PageWidgets } from "../features/content/page-view.tsx";
import type { Route } from "./+types/home";
import { loadPage } from "./public-page.server.ts";
import "@pinjaman/i18n/ns/home";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPage("home", "/", context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: t("home.meta_title", { title: loaderData.content.title }) },
    { name: "description", content: loaderData.content.description },
  ];
}

/**
 * The home page: the title, then the calculator's section (calculator first), then the lead, so a
 * phone shows the calculator above the fold; from 960 px the lead sits under the title beside it.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  const heroIndex = content.sections.findIndex((s) => s.blocks.some((b) => "widget" in b && b.widget === "loanCalculator"));
  const hero = content.sections[heroIndex];
  return (
    <PageWidgets page={loaderData} calculator={LazyLoanCalculator}>
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
