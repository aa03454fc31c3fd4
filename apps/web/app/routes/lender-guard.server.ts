import { guardRoute } from "../features/session/route-guards.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import { pageNotFound } from "../features/shell/page-not-found.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LoaderArgs = { params: Record<string, string | undefined>; request: Request; context: { services: Parameters<typeof sessionFromRequest>[1] } };

/** The lender pages' loader: every id in the address is a uuid (else the 404 page), and a session is needed. */
export async function guardLenderRoute({ params, request, context }: LoaderArgs): Promise<null> {
  if (!Object.values(params).every((value) => value !== undefined && UUID.test(value))) pageNotFound();
  await guardRoute({ middleware: ["auth"] }, { session: await sessionFromRequest(request, context.services) });
  return null;
}
