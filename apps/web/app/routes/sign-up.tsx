import { t } from "@pinjaman/i18n";
import { redirect } from "react-router";
import { FlowPage } from "../features/flows/flow-page.tsx";
import { forgetProgress } from "../features/flows/flow-memory.ts";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionStore } from "../features/session/session-store.ts";
import { LoadingBox } from "../features/shell/loading-box.tsx";
import { readRegistrationState, writeRegistrationState } from "../features/shell/registration.ts";
import { isRegistrationFlowKey } from "@pinjaman/domain/variant";
import type { Route } from "./+types/sign-up";
import "@pinjaman/i18n/ns/flows";

function registrationFlow(): string | null {
  const registration = readRegistrationState().registration as { flow_key?: unknown } | null;
  return typeof registration?.flow_key === "string" ? registration.flow_key : null;
}

/**
 * /sign-up?flow=… starts a registration ("Daftar"): the registration state is stored, the saved
 * progress of that flow discarded, and the page continues at /sign-up, where a reload resumes
 * the registration. Without a registration in progress the registration guard sends to index.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const started = url.searchParams.get("flow");
  const { authenticationId } = sessionStore.getState();
  if (started !== null) {
    if (!isRegistrationFlowKey(started)) throw new Response(null, { status: 404 });
    forgetProgress(started, authenticationId);
    writeRegistrationState({ registration: { flow_key: started }, flowProgressId: null });
    throw redirect("/sign-up");
  }
  const flowKey = registrationFlow();
  await guardRoute(
    { middleware: ["registration"] },
    { session: { authenticated: authenticationId !== null, expiresAt: null, authenticationId }, registrationInProgress: flowKey !== null },
  );
  return { flowKey: flowKey ?? "" };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingBox loaded={false} />;
}

export function meta() {
  return [{ title: t("flows.page.sign_up_title") }];
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  return <FlowPage key={loaderData.flowKey} flowKey={loaderData.flowKey} audience="public" registration />;
}
