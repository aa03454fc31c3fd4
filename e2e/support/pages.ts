import { readFileSync } from "node:fs";
import { PUBLIC_PAGE_SLUGS } from "../../apps/web/app/features/content/public-pages.ts";

type PageContent = { title: string };

/** The h1 each public route must show: its own title from the catalogue. */
export function pageTitle(slug: string): string {
  const file = new URL(`../../packages/i18n/src/id/pages/${slug}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as PageContent).title;
}

export const PUBLIC_ROUTES = ["/", ...PUBLIC_PAGE_SLUGS.map((slug) => `/${slug}`)];

export function slugOf(route: string): string {
  return route === "/" ? "home" : route.slice(1);
}
