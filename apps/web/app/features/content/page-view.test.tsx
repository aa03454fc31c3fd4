import { LOAN_SETTINGS } from "@pinjaman/domain/loan-settings";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { COMPANY_FIXTURE } from "./test-fixtures.ts";
import { fillPlaceholders, placeholderVars, type CalculatorWidgetData, type PageData } from "./page-content.ts";
import { PageView } from "./page-view.tsx";

afterEach(cleanup);

const company = COMPANY_FIXTURE;

const raw = {
  title: "Hubungi {company}",
  description: "Kontak {company}",
  lead: "Telepon {phone} atau tulis ke {email}.",
  sections: [
    {
      heading: "Teks",
      blocks: [
        { p: "Kantor kami: {address}." },
        { ul: ["satu", "dua"] },
        { ol: ["pertama", "kedua", "ketiga"] },
      ],
    },
    {
      heading: "Tanya jawab",
      blocks: [{ faq: [{ q: "Apakah gratis?", a: "Ya, hubungi {phone}." }] }],
    },
    {
      heading: "Tabel",
      blocks: [{ table: { caption: "Tarif", head: ["Tenor", "Bunga"], rows: [["3 bulan", "0,3%"], ["12 bulan", "0,2%"]] } }],
    },
    {
      heading: "Tautan",
      blocks: [
        {
          links: [
            { label: "Biaya", href: "/costs" },
            { label: "OJK", href: "https://www.ojk.go.id" },
            { label: "Surel", href: "mailto:{email}" },
          ],
        },
      ],
    },
    {
      heading: "Widget",
      blocks: [
        { widget: "contactCard" },
        { widget: "tkbSummary" },
        { widget: "signUp" },
        { widget: "costExample" },
        { widget: "loanCalculator" },
      ],
    },
  ],
} satisfies PageData["content"];

function page(overrides: Partial<PageData["widgets"]> = {}): PageData {
  return {
    slug: "contacts",
    content: fillPlaceholders(raw, placeholderVars(company)),
    widgets: {
      signUpHref: "/sign-up?flow=spl_onboarding",
      calculator: { productKey: "spl", flowKey: "spl_onboarding", settings: LOAN_SETTINGS, initialSchedule: null },
      costExample: { loanType: "consumptive", productRatePpm: 3000, today: "2026-11-22" },
      company,
      tkb: { data: [{ name: "TKB90", percentage: "98.87" }], last_update: "2026-11-22T03:05:00.000Z" },
      ...overrides,
    },
  };
}

function FakeCalculator(props: CalculatorWidgetData) {
  return <p data-testid="fake-calculator">{`${props.productKey} ${props.flowKey}`}</p>;
}

function renderPage(data: PageData = page()) {
  return render(
    <MemoryRouter>
      <PageView page={data} calculator={FakeCalculator} />
    </MemoryRouter>,
  );
}

describe("PageView", () => {
  it("has one h1, the lead and an h2 per section, with placeholders filled", () => {
    renderPage();
    const h1s = screen.getAllByRole("heading", { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe("Hubungi PT Pinjaman Digital Indonesia");
    expect(screen.getByText("Telepon +62 21 5091 8800 atau tulis ke halo@pinjaman.co.id.")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Teks",
      "Tanya jawab",
      "Tabel",
      "Tautan",
      "Widget",
    ]);
    expect(screen.getByText("Kantor kami: Jl. H.R. Rasuna Said, Jakarta Selatan.")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\{(phone|email|address|company)\}/);
  });

  it("renders paragraphs and both kinds of list", () => {
    renderPage();
    const section = screen.getByRole("region", { name: "Teks" });
    expect(within(section).getAllByRole("list")).toHaveLength(2);
    expect(section.querySelectorAll("ul > li")).toHaveLength(2);
    expect(section.querySelectorAll("ol > li")).toHaveLength(3);
  });

  it("renders a FAQ as details with the question as summary", () => {
    renderPage();
    const summary = screen.getByText("Apakah gratis?");
    expect(summary.tagName).toBe("SUMMARY");
    const details = summary.closest("details");
    expect(details).toBeTruthy();
    expect(details?.textContent).toContain("Ya, hubungi +62 21 5091 8800.");
  });

  it("renders a table with caption, column and row headers, in a scrolling box", () => {
    renderPage();
    const table = screen.getByRole("table", { name: "Tarif" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.getAttribute("scope"))).toEqual(["col", "col"]);
    expect(within(table).getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["3 bulan", "12 bulan"]);
    const box = table.parentElement;
    expect(box?.className).toBe("content-table");
    expect(box?.getAttribute("tabindex")).toBe("0");
  });

  it("renders links: internal through the router, external and mailto as anchors", () => {
    renderPage();
    expect(screen.getByRole("link", { name: "Biaya" }).getAttribute("href")).toBe("/costs");
    const external = screen.getByRole("link", { name: "OJK" });
    expect(external.getAttribute("href")).toBe("https://www.ojk.go.id");
    expect(external.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByRole("link", { name: "Surel" }).getAttribute("href")).toBe("mailto:halo@pinjaman.co.id");
  });

  it("renders every widget from the registry with the loader's data", async () => {
    renderPage();
    // The cost example loads on demand.
    expect(await screen.findByTestId("cost-example-12")).toBeTruthy();
    expect(screen.getByRole("link", { name: company.phone }).getAttribute("href")).toBe("tel:+622150918800");
    expect(screen.getByRole("table", { name: "Tingkat Keberhasilan Bayar (TKB)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ajukan Sekarang" }).getAttribute("href")).toBe("/sign-up?flow=spl_onboarding");
    expect(screen.getByTestId("fake-calculator").textContent).toBe("spl spl_onboarding");
  });

  it("leaves out a widget whose data the loader did not provide", () => {
    renderPage(page({ company: null, tkb: null, costExample: null, calculator: null }));
    expect(screen.queryByRole("link", { name: company.phone })).toBeNull();
    expect(screen.queryByRole("table", { name: "Tingkat Keberhasilan Bayar (TKB)" })).toBeNull();
    expect(screen.queryByTestId("cost-example-12")).toBeNull();
    expect(screen.queryByTestId("fake-calculator")).toBeNull();
    expect(screen.getByRole("link", { name: "Ajukan Sekarang" })).toBeTruthy();
  });
});
