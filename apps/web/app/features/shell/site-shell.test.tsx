import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SiteShell } from "./site-shell.tsx";
import { SHELL_FIXTURE } from "./test-fixtures.ts";

afterEach(cleanup);

function renderAt(path: string, shell = SHELL_FIXTURE) {
  const Page = () => (
    <SiteShell shell={shell}>
      <h1>Isi halaman</h1>
    </SiteShell>
  );
  const Stub = createRoutesStub([{ path: "*", Component: Page }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("SiteShell", () => {
  it("frames a page with skip link, banner, navbar, main, footer and chat", () => {
    renderAt("/faq");
    expect(screen.getByRole("link", { name: "Lewati ke konten utama" }).getAttribute("href")).toBe("#konten");
    expect(screen.getByRole("main").id).toBe("konten");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Peringatan penipuan" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Navigasi utama" })).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Chat" })).toBeTruthy();
  });

  it.each(["/flows/chilimoney_spl", "/leads/123", "/purchase/9", "/generate-password/abc"])(
    "hides navbar, footer and chat on %s",
    (path) => {
      renderAt(path);
      expect(screen.getByRole("heading", { name: "Isi halaman" })).toBeTruthy();
      expect(screen.queryByRole("navigation", { name: "Navigasi utama" })).toBeNull();
      expect(screen.queryByRole("contentinfo")).toBeNull();
      expect(screen.queryByRole("button", { name: "Chat" })).toBeNull();
    },
  );

  it("keeps the layout on other flows and uses the plus sign-up flow on plus pages", () => {
    renderAt("/plus-payroll");
    expect(screen.getByRole("link", { name: "Daftar" }).getAttribute("href")).toBe("/sign-up?flow=bni_payroll_loan_plus_payroll_loan");
    expect(screen.queryByRole("link", { name: /Unduh aplikasi/ })).toBeNull();
  });

  it("renders only the content when the shell data is missing", () => {
    const Page = () => (
      <SiteShell shell={undefined}>
        <h1>Isi halaman</h1>
      </SiteShell>
    );
    const Stub = createRoutesStub([{ path: "*", Component: Page }]);
    render(<Stub initialEntries={["/"]} />);
    expect(screen.getByRole("main").textContent).toBe("Isi halaman");
    expect(screen.queryByRole("contentinfo")).toBeNull();
  });
});
