import type { StaffMe } from "@pinjaman/contracts/staff";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { BackOfficeHome } from "./back-office-home.tsx";
import { BackOfficeLayout } from "./back-office-layout.tsx";
import { sectionsFor, type BackOfficeSection } from "./sections.ts";

afterEach(cleanup);

const OPERATOR: StaffMe = { id: "9b2f1c1f-7d8e-4c53-9a34-0d3c8f7f2a11", name: "Dewi Operator", email: "operator@pinjaman.test", roles: ["operator"], permissions: [] };

function renderAt(staff: StaffMe) {
  const router = createMemoryRouter(
    [{ path: "/back-office", element: <BackOfficeLayout staff={staff}><BackOfficeHome /></BackOfficeLayout> }],
    { initialEntries: ["/back-office"] },
  );
  render(<RouterProvider router={router} />);
}

describe("the back office frame", () => {
  it("names who is signed in in which role and marks the current page in its navigation", () => {
    renderAt(OPERATOR);
    expect(screen.getByText("Masuk sebagai Dewi Operator (Operator)")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Menu kantor belakang" });
    const home = within(nav).getByRole("link", { name: "Beranda" });
    expect(home.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("heading", { level: 1, name: "Kantor belakang" })).toBeTruthy();
    expect(screen.getByText("Peran Anda belum membuka halaman apa pun di kantor belakang.")).toBeTruthy();
  });

  it("lists only the pages the staff member's permissions open", () => {
    const sections: BackOfficeSection[] = [
      { path: "review", permission: "applications.review", label: "back_office.home" },
      { path: "products", permission: "products.manage", label: "back_office.home" },
    ];
    expect(sectionsFor(["applications.review"], sections).map((s) => s.path)).toEqual(["review"]);
    expect(sectionsFor(["applications.review", "products.manage"], sections).map((s) => s.path)).toEqual(["review", "products"]);
    expect(sectionsFor([], sections)).toEqual([]);
  });
});
