import { t } from "@pinjaman/i18n";
import { useEffect } from "react";
import { redirect } from "react-router";
import { BorrowerOffers } from "../features/borrower-offers/borrower-offers.tsx";
import { FlowPage } from "../features/flows/flow-page.tsx";
import { progressMemoryKey, type FlowScope } from "../features/flows/flow-api.ts";
import { rememberProgress } from "../features/flows/flow-memory.ts";
import { loadFlowPreview } from "../features/flows/flow-preview.server.ts";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionActions } from "../features/session/session-actions.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import { sessionStore, useSessionState } from "../features/session/session-store.ts";
import { LoadingBox } from "../features/shell/loading-box.tsx";
import { pageNotFound } from "../features/shell/page-not-found.ts";
import type { Route } from "./+types/flows";
import "@pinjaman/i18n/ns/flows";
import "@pinjaman/i18n/ns/borrower_flows";

const FLOW_KEY = /^[a-z0-9_]{1,80}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The start options /flows/{flow_key} takes from its query string (spec: named route
 * flows-flow_key, "remaining start options as query parameters"): `account_id` runs a loan-account
 * flow on that account (refinancing, change_payment_channel), `account_application_id` an
 * application flow on that application (application_cancellation). The server checks that they
 * are the caller's (404 otherwise). A malformed id, or both at once, is no page: 404.
 */
export function startOptions(url: URL): FlowScope | null {
  const accountId = url.searchParams.get("account_id");
  const accountApplicationId = url.searchParams.get("account_application_id");
  if (accountId === null && accountApplicationId === null) return null;
  if ((accountId !== null && accountApplicationId !== null) || ![accountId, accountApplicationId].every((id) => id === null || UUID.test(id))) pageNotFound();
  return accountId !== null ? { accountId } : { accountApplicationId: accountApplicationId! };
}

/** The start options again as a query string (kept when the address is cleaned of `?progress=`). */
function startQuery(scope: FlowScope | null): string {
  if (scope?.accountId) return `?account_id=${scope.accountId}`;
  if (scope?.accountApplicationId) return `?account_application_id=${scope.accountApplicationId}`;
  return "";
}

/**
 * The server render: step one of the flow (an unknown flow answers 404). With `?progress=` the
 * step is the progress's, which only the browser resumes: the server sends the loading box. A
 * flow on an account or application (`?account_id=`, `?account_application_id=`) is started by
 * the browser too. Without a flow key (/flows) the signed-in customer sees the flows offered to them.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const flowKey = params.flow_key;
  if (flowKey === undefined) {
    await guardRoute({ middleware: ["auth"] }, { session: await sessionFromRequest(request, context.services) });
    return { flowKey: null, preview: null, handOver: false, scope: undefined };
  }
  if (!FLOW_KEY.test(flowKey)) pageNotFound();
  const url = new URL(request.url);
  const scope = startOptions(url) ?? undefined;
  const handOver = url.searchParams.has("progress");
  const preview = scope || handOver ? null : await loadFlowPreview(request, context, flowKey, "customer");
  return { flowKey, preview, handOver, scope };
}

/**
 * /flows/{flow_key}: any flow. `?progress={id}` continues that progress (its id is remembered
 * for this flow, then the address is cleaned so a reload simply resumes). Runs on hydration too
 * (for that hand-over); the step the server rendered stays on the page meanwhile.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const flowKey = params.flow_key;
  if (flowKey === undefined) return { flowKey: null, preview: null, handOver: false, scope: undefined };
  if (!FLOW_KEY.test(flowKey)) pageNotFound();
  const url = new URL(request.url);
  const scope = startOptions(url);
  const progress = url.searchParams.get("progress");
  if (progress !== null) {
    if (UUID.test(progress)) rememberProgress(progressMemoryKey(flowKey, scope), sessionStore.getState().authenticationId, progress);
    throw redirect(`/flows/${flowKey}${startQuery(scope)}`);
  }
  return { flowKey, preview: null, handOver: false, scope: scope ?? undefined };
}
clientLoader.hydrate = true as const;

export function meta() {
  return [{ title: t("flows.page.flow_title") }, { name: "description", content: t("flows.page.flow_description") }];
}

function OfferedFlows() {
  const session = useSessionState();
  useEffect(() => {
    void sessionActions.ensureIdentity();
  }, []);
  return (
    <div className="container">
      <BorrowerOffers customerKey={session.identityLoaded ? session.customerId : null} />
    </div>
  );
}

export default function Flows({ loaderData }: Route.ComponentProps) {
  const { flowKey, preview, handOver, scope } = loaderData;
  if (flowKey === null) return <OfferedFlows />;
  // The browser remembers the handed-over progress first (clientLoader), then the page resumes it.
  if (handOver) return <LoadingBox loaded={false} />;
  const key = scope ? progressMemoryKey(flowKey, scope) : flowKey;
  return <FlowPage key={key} flowKey={flowKey} audience="customer" initialPreview={preview} scope={scope ?? null} />;
}
