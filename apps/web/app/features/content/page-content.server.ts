import { pageNotFound } from "../shell/page-not-found.ts";
import { fillPlaceholders, placeholderVars, type PageContent, type PlaceholderSource } from "./page-content.ts";
import { hasPageTexts, pageTexts } from "./page-texts.ts";

/** The page with company facts filled in; a slug without content answers 404. */
export async function loadPageContent(slug: string, company: PlaceholderSource): Promise<PageContent> {
  if (!hasPageTexts(slug)) pageNotFound();
  return fillPlaceholders(await pageTexts(slug), placeholderVars(company));
}
