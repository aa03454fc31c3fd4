import type { FlowProgressNew } from "@pinjaman/contracts/flows";
import type { FlowPreviewResult, SiteServices } from "@pinjaman/contracts/site";
import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loader as flowsLoader } from "./flows.tsx";
import { loader as signUpLoader } from "./sign-up.tsx";

const preview = { flow_version_id: "v1", flow: { key: "spl_onboarding" }, steps_count: 11, step: { key: "calculator" } } as unknown as FlowProgressNew;
const SIGNED_IN = `client=${encodeURIComponent(JSON.stringify({ token: "t", expires_at: Date.now() + 3_600_000, authentication_id: "a1" }))}`;

/** The engine as the loaders see it: spl_onboarding is public, profile_change needs a login, nothing else exists. */
function context() {
  const flowPreview = vi.fn(async (key: string, options: { publicOnly: boolean; sessionToken: string | null }): Promise<FlowPreviewResult> => {
    if (key === "spl_onboarding") return { preview };
    if (key === "profile_change" && !options.publicOnly) return options.sessionToken === "t" ? { preview } : { refused: "login_required" };
    return { refused: "not_found" };
  });
  // The new-loan rule as the server answers it: the live session "t" is a returning customer.
  const newLoanFlow = vi.fn(async (key: string, token: string) => (token === "t" && key === "spl_onboarding" ? { flow_key: "spl_returning", refusal: null } : null));
  const services = { flowPreview, newLoanFlow } as Partial<SiteServices>;
  return { context: { services, cspNonce: "n" } as unknown as AppLoadContext, flowPreview, newLoanFlow };
}

async function run(loader: (args: never) => unknown, path: string, params: Record<string, string> = {}, cookie?: string) {
  const { context: ctx, flowPreview, newLoanFlow } = context();
  const request = new Request(`http://127.0.0.1:3000${path}`, { headers: cookie ? { cookie } : {} });
  try {
    return { value: await (loader as (a: unknown) => unknown)({ request, params, context: ctx }), flowPreview, newLoanFlow };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), flowPreview, newLoanFlow };
    return { status: (thrown as { init?: ResponseInit }).init?.status, flowPreview, newLoanFlow };
  }
}

describe("flow page loaders (server render)", () => {
  it("/flows/{key} renders step one, asked as app_api would with the request's session", async () => {
    const { value, flowPreview } = await run(flowsLoader, "/flows/spl_onboarding", { flow_key: "spl_onboarding" });
    expect(value).toEqual({ flowKey: "spl_onboarding", preview, handOver: false });
    expect(flowPreview).toHaveBeenCalledWith("spl_onboarding", { publicOnly: false, sessionToken: null });
    const signedIn = await run(flowsLoader, "/flows/profile_change", { flow_key: "profile_change" }, SIGNED_IN);
    expect(signedIn.value).toEqual({ flowKey: "profile_change", preview, handOver: false });
    expect(signedIn.flowPreview).toHaveBeenCalledWith("profile_change", { publicOnly: false, sessionToken: "t" });
  });

  it("/flows/{unknown} and a malformed key answer 404", async () => {
    expect((await run(flowsLoader, "/flows/no_such_flow", { flow_key: "no_such_flow" })).status).toBe(404);
    const malformed = await run(flowsLoader, "/flows/Bad-Key", { flow_key: "Bad-Key" });
    expect(malformed.status).toBe(404);
    expect(malformed.flowPreview).not.toHaveBeenCalled();
  });

  it("a flow that needs a login, without one, leaves the step to the browser (which says so)", async () => {
    expect((await run(flowsLoader, "/flows/profile_change", { flow_key: "profile_change" })).value).toEqual({ flowKey: "profile_change", preview: null, handOver: false });
  });

  it("?progress= hands a progress over to the browser: the server sends no step", async () => {
    const { value } = await run(flowsLoader, "/flows/spl_onboarding?progress=0b4c8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", { flow_key: "spl_onboarding" });
    expect(value).toEqual({ flowKey: "spl_onboarding", preview: null, handOver: true });
  });

  it("/sign-up?flow= renders the registration flow's step one as pub_api would (anonymous), and starts afresh", async () => {
    const { value, flowPreview } = await run(signUpLoader, "/sign-up?flow=spl_onboarding");
    expect(value).toEqual({ flowKey: "spl_onboarding", preview, startAfresh: true });
    expect(flowPreview).toHaveBeenCalledWith("spl_onboarding", { publicOnly: true, sessionToken: null });
  });

  it("/sign-up?flow= sends a signed-in customer to the flow the new-loan rule picks, never to account creation", async () => {
    const { status, location, flowPreview, newLoanFlow } = await run(signUpLoader, "/sign-up?flow=spl_onboarding", {}, SIGNED_IN);
    expect(status).toBe(302);
    expect(location).toBe("/flows/spl_returning");
    expect(newLoanFlow).toHaveBeenCalledWith("spl_onboarding", "t");
    expect(flowPreview).not.toHaveBeenCalled();
  });

  it("/sign-up?flow= with a dead session (the server knows none) registers as a visitor", async () => {
    const dead = `client=${encodeURIComponent(JSON.stringify({ token: "gone", expires_at: Date.now() + 3_600_000, authentication_id: "a1" }))}`;
    const { value, newLoanFlow } = await run(signUpLoader, "/sign-up?flow=spl_onboarding", {}, dead);
    expect(value).toEqual({ flowKey: "spl_onboarding", preview, startAfresh: true });
    expect(newLoanFlow).toHaveBeenCalledWith("spl_onboarding", "gone");
  });

  it("/sign-up?flow= with anything but a known registration flow answers 404", async () => {
    for (const flow of ["no_such_flow", "profile_change", "x_plus_payroll_loan", ""]) {
      expect((await run(signUpLoader, `/sign-up?flow=${flow}`)).status, flow).toBe(404);
    }
  });

  it("/sign-up alone continues the browser's registration: the server cannot know it", async () => {
    const { value, flowPreview } = await run(signUpLoader, "/sign-up");
    expect(value).toEqual({ flowKey: null, preview: null, startAfresh: false });
    expect(flowPreview).not.toHaveBeenCalled();
  });
});
