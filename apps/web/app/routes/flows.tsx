import { t } from "@pinjaman/i18n";
import { redirect } from "react-router";
import { FlowPage } from "../features/flows/flow-page.tsx";
import { rememberProgress } from "../features/flows/flow-memory.ts";
import { sessionStore } from "../features/session/session-store.ts";
import { LoadingBox } from "../features/shell/loading-box.tsx";
import type { Route } from "./+types/flows";
import "@pinjaman/i18n/ns/flows";

const FLOW_KEY = /^[a-z0-9_]{1,80}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * /flows/{flow_key}: any flow. `?progress={id}` continues that progress (its id is remembered
 * for this flow, then the address is cleaned so a reload simply resumes).
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const flowKey = params.flow_key ?? "";
  if (!FLOW_KEY.test(flowKey)) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  const progress = url.searchParams.get("progress");
  if (progress !== null) {
    if (UUID.test(progress)) rememberProgress(flowKey, sessionStore.getState().authenticationId, progress);
    throw redirect(`/flows/${flowKey}`);
  }
  return { flowKey };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingBox loaded={false} />;
}

export function meta() {
  return [{ title: t("flows.page.flow_title") }];
}

export default function Flows({ loaderData }: Route.ComponentProps) {
  return <FlowPage key={loaderData.flowKey} flowKey={loaderData.flowKey} audience="customer" />;
}
