import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import App, { ErrorBoundary } from "../../root.tsx";
import { SHELL_FIXTURE } from "./test-fixtures.ts";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("root error boundary", () => {
  it("keeps navbar and footer around the 404 page when the shell data loaded", async () => {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => ({ shell: SHELL_FIXTURE, nonce: "n" }),
        Component: App,
        HydrateFallback: () => null,
        ErrorBoundary,
        children: [
          {
            path: "*",
            loader: () => {
              throw data(null, { status: 404, statusText: "This page could not be found" });
            },
            Component: () => null,
          },
        ],
      },
    ]);
    render(<Stub initialEntries={["/tidak-ada"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Halaman tidak ditemukan" })).toBeTruthy();
    expect(screen.getByText("This page could not be found")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Navigasi utama" })).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it("still renders when the root loader itself failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => {
          throw new Error("database unavailable");
        },
        Component: App,
        HydrateFallback: () => null,
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Terjadi kesalahan" })).toBeTruthy();
    expect(screen.getByTestId("error-status").textContent).toBe("500");
    expect(screen.getByRole("link", { name: "Kembali ke beranda" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Navigasi utama" })).toBeNull();
  });
});
