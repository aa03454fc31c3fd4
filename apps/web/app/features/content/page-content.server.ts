import { data } from "react-router";
import { fillPlaceholders, placeholderVars, type PageContent, type PlaceholderSource } from "./page-content.ts";

/**
 * Page texts, bundled into the server build only: this module is `.server`, so React Router
 * refuses to let it reach client code, and the route hands the page over as loader data.
 */
const PAGE_FILES = import.meta.glob<PageContent>("../../../../../packages/i18n/src/id/pages/*.json", {
  eager: true,
  import: "default",
});

const PAGES = new Map<string, PageContent>(
  Object.entries(PAGE_FILES).map(([path, content]) => [path.slice(path.lastIndexOf("/") + 1, -".json".length), content]),
);

/** Slugs that have a content file ("home" for the home page). */
export function contentSlugs(): string[] {
  return [...PAGES.keys()];
}

/** The raw page as written, or undefined when the slug has no file. */
export function rawPageContent(slug: string): PageContent | undefined {
  return PAGES.get(slug);
}

/** The page with company facts filled in; a slug without content answers 404. */
export function loadPageContent(slug: string, company: PlaceholderSource): PageContent {
  const content = PAGES.get(slug);
  if (!content) throw data(null, { status: 404, statusText: "This page could not be found" });
  return fillPlaceholders(content, placeholderVars(company));
}
