import { t } from "@pinjaman/i18n";
import { redirect } from "react-router";
import { FlowPage } from "../features/flows/flow-page.tsx";
import { forgetProgress } from "../features/flows/flow-memory.ts";
import { fetchNewLoanFlow } from "../features/flows/new-loan-route.ts";
import { signedInApplyTarget } from "../features/flows/new-loan-route.server.ts";
import { loadFlowPreview } from "../features/flows/flow-preview.server.ts";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionStore } from "../features/session/session-store.ts";
import { LoadingBox } from "../features/shell/loading-box.tsx";
import { pageNotFound } from "../features/shell/page-not-found.ts";
import { readRegistrationState, writeRegistrationState } from "../features/shell/registration.ts";
import { isRegistrationFlowKey } from "@pinjaman/domain/variant";
import type { Route } from "./+types/sign-up";
import "@pinjaman/i18n/ns/flows";

function registrationFlow(): string | null {
  const registration = readRegistrationState().registration as { flow_key?: unknown } | null;
  return typeof registration?.flow_key === "string" ? registration.flow_key : null;
}

/**
 * The server render. `/sign-up?flow=…` (the "Daftar" and "Ajukan Sekarang" links) gets step one
 * of that registration flow, so a visitor sees the form before any script runs; an unknown flow
 * answers 404. A signed-in customer goes to the flow the new-loan rule picks for them. Plain
 * `/sign-up` continues the registration the browser keeps, which only the browser knows: the
 * server sends the loading box.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const started = new URL(request.url).searchParams.get("flow");
  if (started === null) return { flowKey: null, preview: null, startAfresh: false };
  if (!isRegistrationFlowKey(started)) pageNotFound();
  const applyTarget = await signedInApplyTarget(request, context, started);
  if (applyTarget) throw redirect(applyTarget);
  return { flowKey: started, preview: await loadFlowPreview(request, context, started, "public"), startAfresh: true };
}

/**
 * /sign-up?flow=… starts a registration ("Daftar"), or for a signed-in customer the flow the
 * server's new-loan rule picks (decision 0018; a failed call leaves them here): the registration state is stored, the saved
 * progress of that flow discarded, and the page continues at /sign-up, where a reload resumes
 * the registration. Without a registration in progress the registration guard sends to index.
 * Runs on hydration too; a step the server rendered stays on the page meanwhile.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const started = url.searchParams.get("flow");
  const { authenticationId } = sessionStore.getState();
  if (started !== null) {
    if (!isRegistrationFlowKey(started)) pageNotFound();
    if (authenticationId !== null) {
      const route = await fetchNewLoanFlow(started).catch(() => null);
      if (route) throw redirect(`/flows/${route.flow_key}`);
    }
    forgetProgress(started, authenticationId);
    writeRegistrationState({ registration: { flow_key: started }, flowProgressId: null });
    throw redirect("/sign-up");
  }
  const flowKey = registrationFlow();
  await guardRoute(
    { middleware: ["registration"] },
    { session: { authenticated: authenticationId !== null, expiresAt: null, authenticationId }, registrationInProgress: flowKey !== null },
  );
  return { flowKey, preview: null, startAfresh: false };
}
clientLoader.hydrate = true as const;

export function meta() {
  return [{ title: t("flows.page.sign_up_title") }, { name: "description", content: t("flows.page.sign_up_description") }];
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const { flowKey, preview, startAfresh } = loaderData;
  if (flowKey === null) return <LoadingBox loaded={false} />;
  return <FlowPage key={flowKey} flowKey={flowKey} audience="public" registration initialPreview={preview} startAfresh={startAfresh} />;
}
