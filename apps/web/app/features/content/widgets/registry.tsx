import { Suspense, createContext, lazy, use, type ComponentType, type ReactNode } from "react";
import type { CalculatorWidgetData, PageWidgetData, WidgetName } from "../page-content.ts";
import { ContactCard } from "./contact-card.tsx";
import { SignUp } from "./sign-up.tsx";

// Few pages place these: their code (schedules, date formats) loads only with a page that does.
const CostExample = lazy(() => import("./cost-example.tsx").then((m) => ({ default: m.CostExample })));
const TkbSummary = lazy(() => import("./tkb-summary.tsx").then((m) => ({ default: m.TkbSummary })));

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
