import { useId, type ComponentType, type ReactNode } from "react";
import { Link } from "react-router";
import type { Block, CalculatorWidgetData, LinkItem, PageData, PageSection, TableBlock } from "./page-content.ts";
import { Widget, WidgetProvider } from "./widgets/registry.tsx";

function isInternal(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

function ContentLink({ label, href }: LinkItem) {
  if (isInternal(href)) return <Link to={href}>{label}</Link>;
  const external = /^https?:/i.test(href);
  return (
    <a href={href} {...(external ? { rel: "noopener noreferrer" } : {})}>
      {label}
    </a>
  );
}

function ContentTable({ table }: { table: TableBlock }) {
  return (
    // A wide table scrolls inside its own box, never the page; the box is focusable so a
    // keyboard can scroll it.
    <div className="content-table" role="region" aria-label={table.caption} tabIndex={0}>
      <table>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.head.map((cell, i) => (
              <th key={i} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ContentBlock({ block }: { block: Block }) {
  if ("p" in block) return <p>{block.p}</p>;
  if ("ul" in block) {
    return (
      <ul>
        {block.ul.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    );
  }
  if ("ol" in block) {
    return (
      <ol>
        {block.ol.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ol>
    );
  }
  if ("faq" in block) {
    return (
      <div className="content-faq">
        {block.faq.map((item, i) => (
          <details key={i}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    );
  }
  if ("table" in block) return <ContentTable table={block.table} />;
  if ("links" in block) {
    return (
      <ul className="content-links">
        {block.links.map((link, i) => (
          <li key={i}>
            <ContentLink {...link} />
          </li>
        ))}
      </ul>
    );
  }
  if ("widget" in block) return <Widget name={block.widget} />;
  return null;
}

type ContentSectionProps = {
  section: PageSection;
  className?: string;
  /** Puts the section's widgets right under its heading (the home page's calculator). */
  widgetsFirst?: boolean;
};

export function ContentSection({ section, className, widgetsFirst = false }: ContentSectionProps) {
  const headingId = useId();
  const blocks = section.blocks.map((block, i) => ({ block, key: i }));
  const ordered = widgetsFirst
    ? [...blocks.filter(({ block }) => "widget" in block), ...blocks.filter(({ block }) => !("widget" in block))]
    : blocks;
  return (
    <section aria-labelledby={headingId} className={className ? `content-section ${className}` : "content-section"}>
      <h2 id={headingId}>{section.heading}</h2>
      {ordered.map(({ block, key }) => (
        <ContentBlock key={key} block={block} />
      ))}
    </section>
  );
}

export type PageViewProps = {
  page: PageData;
  /** The loan calculator component, for pages that place one. */
  calculator?: ComponentType<CalculatorWidgetData>;
};

/** Provides the page's widget data to every block below it. */
export function PageWidgets({ widgets, calculator, children }: Pick<PageData, "widgets"> & Omit<PageViewProps, "page"> & { children: ReactNode }) {
  return <WidgetProvider value={{ data: widgets, Calculator: calculator }}>{children}</WidgetProvider>;
}

/** A public page: one h1, the lead, an h2 per section and its blocks. */
export function PageView({ page, calculator }: PageViewProps) {
  const { content } = page;
  return (
    <PageWidgets widgets={page.widgets} calculator={calculator}>
      <article className="content-page">
        <header className="content-header">
          <h1>{content.title}</h1>
          {content.lead ? <p className="content-lead">{content.lead}</p> : null}
        </header>
        {content.sections.map((section, i) => (
          <ContentSection key={i} section={section} />
        ))}
      </article>
    </PageWidgets>
  );
}
