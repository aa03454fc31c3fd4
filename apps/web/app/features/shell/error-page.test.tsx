import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorPage, ErrorPageBoundary, errorDetails } from "./error-page.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderRouteError(loader: () => never) {
  const Stub = createRoutesStub([
    {
      path: "/*",
      loader,
      Component: () => null,
      HydrateFallback: () => null,
      ErrorBoundary: ({ error }: { error: unknown }) => <ErrorPage error={error} />,
    },
  ]);
  render(<Stub initialEntries={["/tidak-ada"]} />);
}

describe("error page", () => {
  it("shows 404, the Indonesian title, the English unknown-route text and a link home", async () => {
    renderRouteError(() => {
      throw data(null, { status: 404, statusText: "This page could not be found" });
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Halaman tidak ditemukan" })).toBeTruthy();
    expect(screen.getByTestId("error-status").textContent).toBe("404");
    expect(screen.getByText("This page could not be found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Kembali ke beranda" }).getAttribute("href")).toBe("/");
  });

  it("shows Terjadi kesalahan and the status of other errors", async () => {
    renderRouteError(() => {
      throw Object.assign(new Error("forbidden"), { statusCode: 403 });
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Terjadi kesalahan" })).toBeTruthy();
    expect(screen.getByTestId("error-status").textContent).toBe("403");
    expect(screen.queryByText("This page could not be found")).toBeNull();
  });

  it("reads statuses as the spec says, 500 by default", () => {
    expect(errorDetails(new Error("boom")).status).toBe(500);
    expect(errorDetails({ response: { status: 502 } }).status).toBe(502);
    const notFound = errorDetails({ status: 404 });
    expect(notFound).toEqual({ status: 404, title: "Halaman tidak ditemukan", unknownRoute: false });
  });

  it("falls back to a plain English page when the error page itself fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Broken(): never {
      throw new Error("render failed");
    }
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  });
});
