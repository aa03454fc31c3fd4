import type { SiteVariant } from "@pinjaman/domain/variant";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "./footer.tsx";
import { SHELL_FIXTURE } from "./test-fixtures.ts";

afterEach(cleanup);

function renderFooter(variant: SiteVariant) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Footer company={SHELL_FIXTURE.company} variant={variant} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("Footer", () => {
  it("links the app download on the default variant", () => {
    renderFooter("default");
    const link = screen.getByRole("link", { name: /Unduh aplikasi Pinjaman/ });
    expect(link.getAttribute("href")).toBe(SHELL_FIXTURE.company.appStoreUrl);
  });

  it.each(["plus", "business"] as const)("has no app download on the %s variant", (variant) => {
    renderFooter(variant);
    expect(screen.queryByRole("link", { name: /Unduh aplikasi/ })).toBeNull();
  });

  it("shows the risk disclaimer, the company's contacts, social links and the version", () => {
    renderFooter("default");
    expect(screen.getByRole("heading", { name: "Disclaimer risiko" })).toBeTruthy();
    expect(screen.getByText(/merupakan kesepakatan perdata antara Pemberi Dana dengan Penerima Dana/)).toBeTruthy();
    expect(screen.getByText(/tidak dijamin oleh Lembaga Penjamin Simpanan/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "PT Pinjaman Digital Indonesia" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "+62 21 5091 8800" }).getAttribute("href")).toBe("tel:+622150918800");
    expect(screen.getByRole("link", { name: "halo@pinjaman.co.id" }).getAttribute("href")).toBe("mailto:halo@pinjaman.co.id");
    expect(screen.getByRole("link", { name: "Facebook (membuka tab baru)" }).getAttribute("href")).toBe(SHELL_FIXTURE.company.facebookPageUrl);
    expect(screen.getByRole("link", { name: "LinkedIn (membuka tab baru)" }).getAttribute("href")).toBe(SHELL_FIXTURE.company.linkedInPageUrl);
    expect(screen.getByRole("link", { name: "Instagram (membuka tab baru)" }).getAttribute("href")).toBe(SHELL_FIXTURE.company.instagramPageUrl);
    expect(screen.getByText("Versi 2.2.4")).toBeTruthy();
  });

  it("links the main public pages", () => {
    renderFooter("default");
    const nav = screen.getByRole("navigation", { name: "Tautan situs" });
    const hrefs = Array.from(nav.querySelectorAll("a")).map((a) => a.getAttribute("href"));
    expect(hrefs.sort()).toEqual(
      [
        "/about-us",
        "/contacts",
        "/costs",
        "/faq",
        "/how-to-apply",
        "/syarat-dan-ketentuan",
        "/kebijakan-privacy",
        "/riplay",
        "/lender",
        "/investors",
        "/commissioner",
        "/agenda-kegiatan",
      ].sort(),
    );
  });
});
