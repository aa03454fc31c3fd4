import type { LoanSettings } from "@pinjaman/domain/loan-settings";
import type { TkbResponse } from "@pinjaman/contracts/company";
import type { OfferSchedule } from "@pinjaman/contracts/offers";
import { interpolate, type Vars } from "@pinjaman/i18n";
import type { CostExampleProps } from "./widgets/cost-example.tsx";

/**
 * Public page content as written in `packages/i18n/src/id/pages/<slug>.json`. Each file is a lazy
 * module of its own (page-texts.ts): never in any page's first-load scripts, never in loader data.
 */

export const WIDGET_NAMES = ["costExample", "loanCalculator", "contactCard", "tkbSummary", "signUp", "lenderSignUp"] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

export type TableBlock = { caption: string; head: string[]; rows: string[][] };
export type FaqItem = { q: string; a: string };
export type LinkItem = { label: string; href: string };

export type Block =
  | { p: string }
  | { ul: string[] }
  | { ol: string[] }
  | { faq: FaqItem[] }
  | { table: TableBlock }
  | { links: LinkItem[] }
  | { widget: WidgetName };

export type PageSection = { heading: string; blocks: Block[] };

export type PageContent = {
  /** The page's only h1. */
  title: string;
  /** The meta description. */
  description: string;
  lead?: string;
  sections: PageSection[];
};

/** The company facts a page's text may name as `{phone}`, `{email}`, `{address}`, `{company}`. */
export type PlaceholderSource = { name: string; email: string; phone: string; address: string };

export function placeholderVars(company: PlaceholderSource): Vars {
  return { phone: company.phone, email: company.email, address: company.address, company: company.name };
}

function fillBlock(block: Block, fill: (text: string) => string): Block {
  if ("p" in block) return { p: fill(block.p) };
  if ("ul" in block) return { ul: block.ul.map(fill) };
  if ("ol" in block) return { ol: block.ol.map(fill) };
  if ("faq" in block) return { faq: block.faq.map(({ q, a }) => ({ q: fill(q), a: fill(a) })) };
  if ("table" in block) {
    const { caption, head, rows } = block.table;
    return { table: { caption: fill(caption), head: head.map(fill), rows: rows.map((row) => row.map(fill)) } };
  }
  if ("links" in block) return { links: block.links.map(({ label, href }) => ({ label: fill(label), href: fill(href) })) };
  return block;
}

/** Every text of the page with its placeholders filled; unknown placeholders stay as written. */
export function fillPlaceholders(content: PageContent, vars: Vars): PageContent {
  const fill = (text: string) => interpolate(text, vars);
  return {
    title: fill(content.title),
    description: fill(content.description),
    ...(content.lead === undefined ? {} : { lead: fill(content.lead) }),
    sections: content.sections.map((section) => ({
      heading: fill(section.heading),
      blocks: section.blocks.map((block) => fillBlock(block, fill)),
    })),
  };
}

/** The widgets a page places, so its loader computes only what they need. */
export function widgetsOf(content: PageContent): Set<WidgetName> {
  const found = new Set<WidgetName>();
  for (const section of content.sections) {
    for (const block of section.blocks) if ("widget" in block) found.add(block.widget);
  }
  return found;
}

const isString = (v: unknown): v is string => typeof v === "string";
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function blockProblem(block: unknown): string | null {
  if (typeof block !== "object" || block === null) return "block is not an object";
  const keys = Object.keys(block);
  if (keys.length !== 1) return `block has keys ${keys.join(",")}`;
  const b = block as Record<string, unknown>;
  if ("p" in b) return isString(b.p) ? null : "p is not text";
  if ("ul" in b) return isStringArray(b.ul) ? null : "ul is not a list of text";
  if ("ol" in b) return isStringArray(b.ol) ? null : "ol is not a list of text";
  if ("faq" in b) {
    const ok = Array.isArray(b.faq) && b.faq.every((i: unknown) => {
      const item = i as Record<string, unknown> | null;
      return item !== null && typeof item === "object" && isString(item.q) && isString(item.a);
    });
    return ok ? null : "faq items need q and a";
  }
  if ("table" in b) {
    const t = b.table as Record<string, unknown> | null;
    const ok =
      t !== null &&
      typeof t === "object" &&
      isString(t.caption) &&
      isStringArray(t.head) &&
      Array.isArray(t.rows) &&
      t.rows.every((row: unknown) => isStringArray(row) && row.length === (t.head as string[]).length);
    return ok ? null : "table needs caption, head and rows as long as head";
  }
  if ("links" in b) {
    const ok = Array.isArray(b.links) && b.links.every((i: unknown) => {
      const item = i as Record<string, unknown> | null;
      return item !== null && typeof item === "object" && isString(item.label) && isString(item.href);
    });
    return ok ? null : "links need label and href";
  }
  if ("widget" in b) {
    return (WIDGET_NAMES as readonly unknown[]).includes(b.widget) ? null : `unknown widget ${String(b.widget)}`;
  }
  return `unknown block kind ${keys[0]}`;
}

/** Problems of a page file against the PageContent shape (empty when it conforms). */
export function pageContentProblems(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return ["not an object"];
  const page = value as Record<string, unknown>;
  const problems: string[] = [];
  if (!isString(page.title) || page.title === "") problems.push("title missing");
  if (!isString(page.description) || page.description === "") problems.push("description missing");
  if (page.lead !== undefined && !isString(page.lead)) problems.push("lead is not text");
  if (!Array.isArray(page.sections)) return [...problems, "sections missing"];
  page.sections.forEach((s: unknown, i) => {
    const section = s as Record<string, unknown> | null;
    if (section === null || typeof section !== "object" || !isString(section.heading)) {
      problems.push(`section ${i}: heading missing`);
      return;
    }
    if (!Array.isArray(section.blocks)) {
      problems.push(`section ${i}: blocks missing`);
      return;
    }
    section.blocks.forEach((block: unknown, j) => {
      const problem = blockProblem(block);
      if (problem) problems.push(`section ${i} block ${j}: ${problem}`);
    });
  });
  return problems;
}

/** What the calculator widget is handed: the product, its flow, bounds and first schedule. */
export type CalculatorWidgetData = {
  productKey: string;
  flowKey: string;
  settings: LoanSettings;
  initialSchedule: OfferSchedule | null;
};

/** Data the page's widgets need, computed by the loader only for widgets the page places. */
export type PageWidgetData = {
  signUpHref: string;
  calculator: CalculatorWidgetData | null;
  costExample: CostExampleProps | null;
  company: PlaceholderSource | null;
  tkb: TkbResponse | null;
};

/** What a page's head shows (its h1 text is the title too). */
export type PageHead = { title: string; description: string };

/**
 * A public page as its route's loader hands it over: its head and its widgets' data. Its texts
 * are not in the loader data (they would travel twice, in the markup and in the data): they come
 * as the page's lazy module (page-texts.ts).
 */
export type PageLoaderData = { slug: string; head: PageHead; widgets: PageWidgetData };

/** A public page as it renders: the loader's data and its texts with placeholders filled. */
export type PageData = { slug: string; content: PageContent; widgets: PageWidgetData };
