import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "./api-fetch.ts";
import { ProgressBar } from "./progress-bar.tsx";
import { createProgressStore, estimatedProgress, progress } from "./progress.ts";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("progress store", () => {
  it("shows nothing before 200 ms, then eases toward 100 over 5 s", () => {
    const store = createProgressStore();
    store.start();
    vi.advanceTimersByTime(199);
    expect(store.getSnapshot().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual({ visible: true, value: 0 });
    vi.advanceTimersByTime(2500);
    const halfway = store.getSnapshot().value;
    expect(halfway).toBeGreaterThan(60);
    expect(halfway).toBeLessThan(90);
    vi.advanceTimersByTime(2500);
    expect(store.getSnapshot().value).toBeGreaterThan(90);
    expect(store.getSnapshot().value).toBeLessThan(100);
    store.done();
    expect(store.getSnapshot()).toEqual({ visible: true, value: 100 });
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot().visible).toBe(false);
  });

  it("never shows work that finishes within the throttle", () => {
    const store = createProgressStore();
    store.start();
    vi.advanceTimersByTime(150);
    store.done();
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().visible).toBe(false);
  });

  it("counts overlapping work and completes only when all of it is done", () => {
    const store = createProgressStore();
    store.start();
    store.start();
    vi.advanceTimersByTime(200);
    store.done();
    expect(store.inFlight()).toBe(1);
    expect(store.getSnapshot().value).toBeLessThan(100);
    store.done();
    expect(store.getSnapshot().value).toBe(100);
    store.done(); // an extra done never goes below zero
    expect(store.inFlight()).toBe(0);
  });

  it("estimates about 95 % at the 5 s duration", () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(Math.round(estimatedProgress(5000))).toBe(95);
  });
});

describe("ProgressBar with apiFetch", () => {
  function renderBar() {
    const Stub = createRoutesStub([{ path: "/", Component: () => <ProgressBar /> }]);
    return render(<Stub initialEntries={["/"]} />);
  }

  function pendingFetch() {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal("fetch", fetchMock);
    return { fetchMock, finish: () => resolve(new Response(JSON.stringify({ data: {} }), { status: 200 })) };
  }

  it("appears for a slow app_api call only after 200 ms and completes when it answers", async () => {
    const { finish } = pendingFetch();
    renderBar();
    const call = apiFetch("/app_api/v1/flows");
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByTestId("progress-bar")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("progress-bar")).toBeTruthy();
    finish();
    await act(() => call);
    expect(screen.getByTestId("progress-bar").getAttribute("data-value")).toBe("100");
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByTestId("progress-bar")).toBeNull();
    expect(progress.inFlight()).toBe(0);
  });

  it("never appears for pub_api calls", async () => {
    const { finish } = pendingFetch();
    renderBar();
    const call = apiFetch("/pub_api/v1/open/support_requests", { method: "POST", body: { data: {} } });
    expect(progress.inFlight()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId("progress-bar")).toBeNull();
    finish();
    await act(() => call);
    expect(screen.queryByTestId("progress-bar")).toBeNull();
  });
});
