import { afterEach, describe, expect, it, vi } from "vitest";
import { flowApi, progressMemoryKey } from "./flow-api.ts";

const ACCOUNT = "3c0d1e2f-3a4b-4c5d-8e6f-708192a3b4c5";
const APPLICATION = "6e2f3a4b-5c6d-4e7f-8a91-a2b3c4d5e6f7";

afterEach(() => vi.unstubAllGlobals());

function stubFetch() {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { id: "p1" } }), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return () => (fetch.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => [init?.method ?? "GET", String(url)]);
}

describe("flow calls with start options (spec section 7)", () => {
  it("a loan-account flow starts under accounts/{id}, an application flow under account_applications/{id}, others under flows", async () => {
    const calls = stubFetch();
    await flowApi.preview("refinancing", "customer", { accountId: ACCOUNT });
    await flowApi.create("refinancing", "customer", {}, "v1", { accountId: ACCOUNT });
    await flowApi.preview("application_cancellation", "customer", { accountApplicationId: APPLICATION });
    await flowApi.create("application_cancellation", "customer", {}, "v1", { accountApplicationId: APPLICATION });
    await flowApi.preview("consumer_installment_loan", "customer");
    await flowApi.preview("spl_onboarding", "public", null);
    expect(calls()).toEqual([
      ["GET", `/app_api/v1/accounts/${ACCOUNT}/flows/refinancing/flow_progresses/new`],
      ["POST", `/app_api/v1/accounts/${ACCOUNT}/flows/refinancing/flow_progresses`],
      ["GET", `/app_api/v1/account_applications/${APPLICATION}/flows/application_cancellation/flow_progresses/preview`],
      ["POST", `/app_api/v1/account_applications/${APPLICATION}/flows/application_cancellation/flow_progresses`],
      ["GET", "/app_api/v1/flows/consumer_installment_loan/flow_progresses/new"],
      ["GET", "/pub_api/v1/open/flows/spl_onboarding/flow_progresses/new"],
    ]);
  });

  it("remembers a scoped flow's progress per account or application", () => {
    expect(progressMemoryKey("refinancing", { accountId: ACCOUNT })).toBe(`refinancing@account:${ACCOUNT}`);
    expect(progressMemoryKey("application_cancellation", { accountApplicationId: APPLICATION })).toBe(`application_cancellation@application:${APPLICATION}`);
    expect(progressMemoryKey("spl_onboarding", null)).toBe("spl_onboarding");
  });
});
