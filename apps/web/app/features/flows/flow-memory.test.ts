import { afterEach, describe, expect, it } from "vitest";
import { FLOW_MEMORY_MINUTES, forgetProgress, rememberDraft, rememberedDraft, rememberProgress, rememberedProgress } from "./flow-memory.ts";

describe("remembered flow progress", () => {
  afterEach(() => window.localStorage.clear());

  it("is kept per flow and per authentication id", () => {
    rememberProgress("spl_onboarding", null, "p-anon", 0);
    rememberProgress("spl_onboarding", "auth-1", "p-auth", 0);
    expect(rememberedProgress("spl_onboarding", null, 1)).toBe("p-anon");
    expect(rememberedProgress("spl_onboarding", "auth-1", 1)).toBe("p-auth");
    expect(rememberedProgress("alumak_onboarding", null, 1)).toBeNull();
  });

  it("lasts 2000 minutes from the last save", () => {
    expect(FLOW_MEMORY_MINUTES).toBe(2000);
    rememberProgress("spl_onboarding", null, "p1", 0);
    expect(rememberedProgress("spl_onboarding", null, 2000 * 60_000 - 1)).toBe("p1");
    expect(rememberedProgress("spl_onboarding", null, 2000 * 60_000)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it("forgets on request and ignores a damaged value", () => {
    rememberProgress("spl_onboarding", null, "p1", 0);
    forgetProgress("spl_onboarding", null);
    expect(rememberedProgress("spl_onboarding", null, 1)).toBeNull();
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", "{nope");
    expect(rememberedProgress("spl_onboarding", null, 1)).toBeNull();
  });
});

describe("step one's draft", () => {
  afterEach(() => window.sessionStorage.clear());

  it("is kept in this tab per flow, and a damaged one counts as none", () => {
    rememberDraft("spl_onboarding", { version: "v1", step: "calculator", values: { amount: 7_500_000 } });
    expect(rememberedDraft("spl_onboarding")).toEqual({ version: "v1", step: "calculator", values: { amount: 7_500_000 } });
    expect(window.localStorage.length).toBe(0);
    expect(rememberedDraft("alumak_onboarding")).toBeNull();
    window.sessionStorage.setItem("flow_draft:alumak_onboarding", "{nope");
    expect(rememberedDraft("alumak_onboarding")).toBeNull();
    window.sessionStorage.setItem("flow_draft:alumak_onboarding", JSON.stringify({ version: "v1", step: "calculator", values: null }));
    expect(rememberedDraft("alumak_onboarding")).toBeNull();
  });

  it("goes when the flow's progress is forgotten (a new registration starts empty)", () => {
    rememberDraft("spl_onboarding", { version: "v1", step: "calculator", values: { amount: 7_500_000 } });
    forgetProgress("spl_onboarding", null);
    expect(rememberedDraft("spl_onboarding")).toBeNull();
  });
});
