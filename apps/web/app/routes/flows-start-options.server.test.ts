import type { FlowProgressNew } from "@pinjaman/contracts/flows";
import type { FlowPreviewResult, SiteServices } from "@pinjaman/contracts/site";
import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loader } from "./flows.tsx";

const ACCOUNT = "3c0d1e2f-3a4b-4c5d-8e6f-708192a3b4c5";
const APPLICATION = "6e2f3a4b-5c6d-4e7f-8a91-a2b3c4d5e6f7";
const SIGNED_IN = `client=${encodeURIComponent(JSON.stringify({ token: "t", expires_at: Date.now() + 3_600_000, authentication_id: "a1" }))}`;
const preview = { flow_version_id: "v1", flow: { key: "consumer_installment_loan" }, steps_count: 6, step: { key: "calculator" } } as unknown as FlowProgressNew;

async function run(path: string, params: Record<string, string>, cookie?: string) {
  const flowPreview = vi.fn(async (): Promise<FlowPreviewResult> => ({ preview }));
  const activeSession = vi.fn(async (token: string) => (token === "t" ? { expiresAt: Date.now() + 3_600_000, authenticationId: "a1" } : null));
  const context = { services: { flowPreview, activeSession } as Partial<SiteServices>, cspNonce: "n" } as unknown as AppLoadContext;
  const request = new Request(`http://127.0.0.1:3000${path}`, { headers: cookie ? { cookie } : {} });
  try {
    return { value: await (loader as (a: unknown) => unknown)({ request, params, context }), flowPreview };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), flowPreview };
    return { status: (thrown as { init?: ResponseInit }).init?.status, flowPreview };
  }
}

describe("/flows/{flow_key?} start options from the query string", () => {
  it("?account_id= runs a loan-account flow on that account: the browser starts it, the server renders no step", async () => {
    const { value, flowPreview } = await run(`/flows/refinancing?account_id=${ACCOUNT}`, { flow_key: "refinancing" });
    expect(value).toEqual({ flowKey: "refinancing", preview: null, handOver: false, scope: { accountId: ACCOUNT } });
    expect(flowPreview).not.toHaveBeenCalled();
  });

  it("?account_application_id= runs an application flow on that application", async () => {
    const { value } = await run(`/flows/application_cancellation?account_application_id=${APPLICATION}`, { flow_key: "application_cancellation" });
    expect(value).toEqual({ flowKey: "application_cancellation", preview: null, handOver: false, scope: { accountApplicationId: APPLICATION } });
  });

  it("a malformed id, or both ids at once, is no page (404)", async () => {
    expect((await run("/flows/refinancing?account_id=12", { flow_key: "refinancing" })).status).toBe(404);
    expect((await run(`/flows/refinancing?account_id=${ACCOUNT}&account_application_id=${APPLICATION}`, { flow_key: "refinancing" })).status).toBe(404);
  });

  it("without start options the customer flow renders step one on the server", async () => {
    const { value, flowPreview } = await run("/flows/consumer_installment_loan", { flow_key: "consumer_installment_loan" }, SIGNED_IN);
    expect(value).toEqual({ flowKey: "consumer_installment_loan", preview, handOver: false });
    expect(flowPreview).toHaveBeenCalledWith("consumer_installment_loan", { publicOnly: false, sessionToken: "t" });
  });

  it("/flows without a key lists the offered flows to a signed-in customer and sends a visitor to login", async () => {
    expect((await run("/flows", {}, SIGNED_IN)).value).toEqual({ flowKey: null, preview: null, handOver: false });
    const visitor = await run("/flows", {});
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/login");
  });
});
