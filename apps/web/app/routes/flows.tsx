import { t } from "@pinjaman/i18n";
import { redirect } from "react-router";
import { FlowPage } from "../features/flows/flow-page.tsx";
import { rememberProgress } from "../features/flows/flow-memory.ts";
import { loadFlowPreview } from "../features/flows/flow-preview.server.ts";
import { sessionStore } from "../features/session/session-store.ts";
import { LoadingBox } from "../features/shell/loading-box.tsx";
import { pageNotFound } from "../features/shell/page-not-found.ts";
import type { Route } from "./+types/flows";
import "@pinjaman/i18n/ns/flows";

const FLOW_KEY = /^[a-z0-9_]{1,80}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The server render: step one of the flow (an unknown flow answers 404). With `?progress=` the
 * step is the progress's, which only the browser resumes: the server sends the loading box.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const flowKey = params.flow_key;
  if (!FLOW_KEY.test(flowKey)) pageNotFound();
  const preview = await loadFlowPreview(request, context, flowKey, "customer");
  const handOver = new URL(request.url).searchParams.has("progress");
  return { flowKey, preview: handOver ? null : preview, handOver };
}

/**
 * /flows/{flow_key}: any flow. `?progress={id}` continues that progress (its id is remembered
 * for this flow, then the address is cleaned so a reload simply resumes). Runs on hydration too
 * (for that hand-over); the step the server rendered stays on the page meanwhile.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const flowKey = params.flow_key ?? "";
  if (!FLOW_KEY.test(flowKey)) pageNotFound();
  const url = new URL(request.url);
  const progress = url.searchParams.get("progress");
  if (progress !== null) {
    if (UUID.test(progress)) rememberProgress(flowKey, sessionStore.getState().authenticationId, progress);
    throw redirect(`/flows/${flowKey}`);
  }
  return { flowKey, preview: null, handOver: false };
}
clientLoader.hydrate = true as const;

export function meta() {
  return [{ title: t("flows.page.flow_title") }, { name: "description", content: t("flows.page.flow_description") }];
}

export default function Flows({ loaderData }: Route.ComponentProps) {
  const { flowKey, preview, handOver } = loaderData;
  // The browser remembers the handed-over progress first (clientLoader), then the page resumes it.
  if (handOver) return <LoadingBox loaded={false} />;
  return <FlowPage key={flowKey} flowKey={flowKey} audience="customer" initialPreview={preview} />;
}
