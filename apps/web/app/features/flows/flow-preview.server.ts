import type { FlowProgressNew } from "@pinjaman/contracts/flows";
import type { AppLoadContext } from "react-router";
import { sessionTokenFromCookieHeader } from "../session/session-cookie.ts";
import { pageNotFound } from "../shell/page-not-found.ts";

/**
 * Step one of `flowKey` for the page's server render, as the flow call the page would make
 * answers it (pub_api for a public audience, app_api with the request's session otherwise), so a
 * visitor sees the form before any script runs. A flow that does not exist at this address
 * answers 404; one that needs a login renders nothing here (the page then says so in the browser).
 */
export async function loadFlowPreview(
  request: Request,
  context: AppLoadContext,
  flowKey: string,
  audience: "public" | "customer",
): Promise<FlowProgressNew | null> {
  const publicOnly = audience === "public";
  const sessionToken = publicOnly ? null : sessionTokenFromCookieHeader(request.headers.get("cookie"));
  const result = await context.services.flowPreview(flowKey, { publicOnly, sessionToken });
  if ("preview" in result) return result.preview;
  if (result.refused === "not_found") pageNotFound();
  return null;
}
