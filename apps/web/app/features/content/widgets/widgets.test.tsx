import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CalculatorWidgetData, PageWidgetData } from "../page-content.ts";
import { useWidgetModules } from "./registry.tsx";
import { COMPANY_FIXTURE } from "../test-fixtures.ts";
import { ContactCard, telHref } from "./contact-card.tsx";
import { LenderSignUp, SignUp } from "./sign-up.tsx";
import { TkbSummary, formatTkbPercentage } from "./tkb-summary.tsx";

afterEach(cleanup);

const company = COMPANY_FIXTURE;

describe("content widgets", () => {
  it("contactCard links the phone and e-mail and shows the address", () => {
    render(<ContactCard company={company} />);
    expect(telHref(company.phone)).toBe("tel:+622150918800");
    expect(screen.getByRole("link", { name: company.phone }).getAttribute("href")).toBe("tel:+622150918800");
    expect(screen.getByRole("link", { name: company.email }).getAttribute("href")).toBe("mailto:halo@pinjaman.co.id");
    expect(screen.getByText(company.address).tagName).toBe("ADDRESS");
  });

  it("tkbSummary lists the pairs and the last update in Jakarta time", () => {
    render(
      <TkbSummary
        tkb={{
          data: [
            { name: "TKB0", percentage: "92.14" },
            { name: "TKB90", percentage: "98.87" },
          ],
          last_update: "2026-11-22T03:05:00.000Z",
        }}
      />,
    );
    expect(formatTkbPercentage("98.87")).toBe("98,87%");
    const table = screen.getByRole("table", { name: "Tingkat Keberhasilan Bayar (TKB)" });
    const row = within(table).getByRole("row", { name: /TKB90/ });
    expect(within(row).getByRole("rowheader").textContent).toBe("TKB90");
    expect(within(row).getByRole("cell").textContent).toBe("98,87%");
    expect(screen.getByText("Terakhir diperbarui 22 Nov 2026 10:05 WIB")).toBeTruthy();
  });

  it("tkbSummary says so when there is no data", () => {
    render(<TkbSummary tkb={{ data: [], last_update: "1970-01-01T00:00:00.000Z" }} />);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Data TKB belum tersedia.")).toBeTruthy();
  });

  it("signUp links to the page's registration flow", () => {
    render(
      <MemoryRouter>
        <SignUp href="/sign-up?flow=alumak_onboarding" />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Ajukan Sekarang" }).getAttribute("href")).toBe("/sign-up?flow=alumak_onboarding");
  });

  it("lenderSignUp starts the lender registration", () => {
    render(
      <MemoryRouter>
        <LenderSignUp />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Daftar jadi Pemberi Dana" }).getAttribute("href")).toBe("/sign-up?flow=lender_onboarding");
    expect(screen.getByRole("link", { name: "Sudah punya akun? Masuk" }).getAttribute("href")).toBe("/login");
  });
});

describe("useWidgetModules", () => {
  function Page({ data, load }: { data: PageWidgetData; load: () => Promise<unknown> }) {
    useWidgetModules(data, load);
    return null;
  }
  const none: PageWidgetData = { signUpHref: "/sign-up", calculator: null, costExample: null, company: null, tkb: null };

  it("starts loading the calculator's module once the page places one", () => {
    const load = vi.fn(async () => ({}));
    const { rerender } = render(<Page data={none} load={load} />);
    expect(load).not.toHaveBeenCalled();
    const calculator = { productKey: "spl", flowKey: "spl_onboarding" } as CalculatorWidgetData;
    const placed = { ...none, calculator };
    rerender(<Page data={placed} load={load} />);
    rerender(<Page data={{ ...placed }} load={load} />);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
