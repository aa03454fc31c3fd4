import type { PageContent } from "./page-content.ts";
import { textsCache } from "@pinjaman/i18n";

/**
 * The public pages' texts, one lazy module per file of `packages/i18n/src/id/pages/` (the slug
 * is the file name, "home" for the home page). The server's loader awaits a page's module before
 * rendering; the browser loads it once the page hydrates, or before a client navigation renders.
 */
const PAGE_MODULES = import.meta.glob<PageContent>("./*.json", { base: "../../../../../packages/i18n/src/id/pages/", import: "default" });

const LOADERS = new Map(Object.entries(PAGE_MODULES).map(([path, load]) => [path.slice("./".length, -".json".length), load]));

/** Slugs that have a content file. */
export function contentSlugs(): string[] {
  return [...LOADERS.keys()];
}

export function hasPageTexts(slug: string): boolean {
  return LOADERS.has(slug);
}

/** The page's texts as written (placeholders unfilled); rejects for a slug without a file. */
export const pageTexts = textsCache<PageContent>((slug) => {
  const load = LOADERS.get(slug);
  return load ? load() : Promise.reject(new Error(`no page texts for ${slug}`));
});
