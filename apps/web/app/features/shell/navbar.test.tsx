import type { SiteVariant } from "@pinjaman/domain/variant";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Navbar } from "./navbar.tsx";
import { SHELL_FIXTURE } from "./test-fixtures.ts";

afterEach(cleanup);

function renderNavbar(variant: SiteVariant, options: { isLoggedIn?: boolean; sandbox?: boolean } = {}) {
  const shell = { ...SHELL_FIXTURE, sandbox: options.sandbox ?? false };
  const Stub = createRoutesStub([
    { path: "/", Component: () => <Navbar shell={shell} variant={variant} isLoggedIn={options.isLoggedIn} /> },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("Navbar", () => {
  it.each([
    ["default", "/sign-up?flow=spl_onboarding"],
    ["plus", "/sign-up?flow=bni_payroll_loan_plus_payroll_loan"],
    ["business", "/sign-up?flow=alumak_onboarding"],
  ] as const)("Daftar on the %s variant starts its registration flow", (variant, href) => {
    renderNavbar(variant);
    expect(screen.getByRole("link", { name: "Daftar" }).getAttribute("href")).toBe(href);
  });

  it("shows Masuk and Daftar to visitors, the logo leads home, no Keluar", () => {
    renderNavbar("default");
    expect(screen.getByRole("link", { name: "Masuk" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: /^Pinjaman/ }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("button", { name: "Keluar" })).toBeNull();
    expect(screen.getByRole("navigation", { name: "Navigasi utama" })).toBeTruthy();
  });

  it("shows Keluar instead when logged in, and the logo leads to the profile", () => {
    renderNavbar("default", { isLoggedIn: true });
    expect(screen.getByRole("button", { name: "Keluar" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Masuk" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Daftar" })).toBeNull();
    expect(screen.getByRole("link", { name: /^Pinjaman/ }).getAttribute("href")).toBe("/profile");
  });

  it("shows the Sandbox badge only in sandbox mode", () => {
    renderNavbar("plus", { sandbox: true });
    expect(screen.getByText("Sandbox")).toBeTruthy();
    expect(screen.getByText("Plus")).toBeTruthy();
    cleanup();
    renderNavbar("default");
    expect(screen.queryByText("Sandbox")).toBeNull();
  });
});
