import { Suspense, createContext, lazy, use, useEffect, type ComponentType, type ReactNode } from "react";
import type { CalculatorWidgetData, PageWidgetData, WidgetName } from "../page-content.ts";
import { ContactCard } from "./contact-card.tsx";
import { LenderSignUp, SignUp } from "./sign-up.tsx";

// Few pages place these: their code (schedules, date formats) loads only with a page that does.
const loadCostExample = () => import("./cost-example.tsx");
const loadTkbSummary = () => import("./tkb-summary.tsx");
const CostExample = lazy(() => loadCostExample().then((m) => ({ default: m.CostExample })));
const TkbSummary = lazy(() => loadTkbSummary().then((m) => ({ default: m.TkbSummary })));

/**
 * Starts loading the modules of the lazy widgets a page places once its frame has hydrated,
 * beside the page's texts module: the content (and the widgets in it) hydrates only after that
 * module has arrived, and the widgets would only then ask for theirs. A failed load is left to
 * the widget's own, which reports it.
 */
export function useWidgetModules(data: PageWidgetData, loadCalculator?: () => Promise<unknown>) {
  const { costExample, tkb, calculator } = data;
  useEffect(() => {
    const ignore = () => {};
    if (costExample) loadCostExample().catch(ignore);
    if (tkb) loadTkbSummary().catch(ignore);
    if (calculator && loadCalculator) loadCalculator().catch(ignore);
  }, [costExample, tkb, calculator, loadCalculator]);
}

/**
 * What a page's widgets draw on. The calculator comes from its own feature, handed in by the
 * route, so this feature does not import another one.
 */
export type WidgetEnvironment = {
  data: PageWidgetData;
  Calculator?: ComponentType<CalculatorWidgetData>;
};

const WidgetContext = createContext<WidgetEnvironment | null>(null);

export function WidgetProvider({ value, children }: { value: WidgetEnvironment; children: ReactNode }) {
  return <WidgetContext value={value}>{children}</WidgetContext>;
}

/** One renderer per widget name; a widget whose data the loader did not provide renders nothing. */
export const WIDGETS: Record<WidgetName, (env: WidgetEnvironment) => ReactNode> = {
  costExample: ({ data }) => (data.costExample ? <CostExample {...data.costExample} /> : null),
  loanCalculator: ({ data, Calculator }) => (data.calculator && Calculator ? <Calculator {...data.calculator} /> : null),
  contactCard: ({ data }) => (data.company ? <ContactCard company={data.company} /> : null),
  tkbSummary: ({ data }) => (data.tkb ? <TkbSummary tkb={data.tkb} /> : null),
  signUp: ({ data }) => <SignUp href={data.signUpHref} />,
  lenderSignUp: () => <LenderSignUp />,
};

export function Widget({ name }: { name: WidgetName }) {
  const env = use(WidgetContext);
  const render = WIDGETS[name];
  if (!env || !render) return null;
  // Server pages arrive complete (entry.server waits for lazy modules); in the browser a lazy
  // widget keeps its server HTML until its module has loaded, then hydrates.
  return (
    <div className={`content-widget content-widget-${name}`}>
      <Suspense fallback={null}>{render(env)}</Suspense>
    </div>
  );
}
