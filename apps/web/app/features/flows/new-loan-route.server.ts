import type { AppLoadContext } from "react-router";
import { sessionTokenFromCookieHeader } from "../session/session-cookie.ts";

/**
 * Where "Ajukan Sekarang" (/sign-up?flow=…) takes a signed-in customer on a server render: the
 * flow the server's new-loan rule picks (decision 0018), never account creation. Null for a
 * visitor (or a dead session): they register.
 */
export async function signedInApplyTarget(request: Request, context: AppLoadContext, registrationFlowKey: string): Promise<string | null> {
  const token = sessionTokenFromCookieHeader(request.headers.get("cookie"));
  if (!token) return null;
  const route = await context.services.newLoanFlow(registrationFlowKey, token);
  return route ? `/flows/${route.flow_key}` : null;
}
