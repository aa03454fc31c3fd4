import { Suspense, use, useMemo, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "../shell/use-shell-data.ts";
import { fillPlaceholders, placeholderVars, type PageContent } from "./page-content.ts";
import { pageTexts } from "./page-texts.ts";

type PageTextsProps = {
  slug: string;
  children: (content: PageContent) => ReactNode;
};

function FilledTexts({ slug, children }: PageTextsProps) {
  const raw = use(pageTexts(slug));
  // The company facts the texts may name (`{phone}`, …): the shell's, which the server filled in
  // too. Read straight from the root's data: a public page renders only when the root loader did.
  const { name, email, phone, address } = useRouteLoaderData<RootLoaderData>("root")!.shell.company;
  const content = useMemo(() => fillPlaceholders(raw, placeholderVars({ name, email, phone, address })), [raw, name, email, phone, address]);
  return children(content);
}

/**
 * Renders a page from its texts module. The server has it loaded (the loader awaited it), so
 * the HTML is complete; in the browser the boundary keeps the server's markup until the module
 * has loaded, then hydrates it, like the lazy widgets. A client navigation loads it in the
 * route's clientLoader, so the new page renders at once.
 */
export function PageTexts(props: PageTextsProps) {
  return (
    <Suspense fallback={null}>
      <FilledTexts {...props} />
    </Suspense>
  );
}
