import { describe, expect, it } from "vitest";
import { loadPageContent } from "./page-content.server.ts";
import { fillPlaceholders, pageContentProblems, widgetsOf, type PageContent } from "./page-content.ts";
import { contentSlugs, pageTexts } from "./page-texts.ts";
import { PUBLIC_PAGE_SLUGS } from "./public-pages.ts";

const company = {
  name: "PT Pinjaman Digital Indonesia",
  email: "halo@pinjaman.co.id",
  phone: "+62 21 5091 8800",
  address: "Jakarta Selatan",
};

describe("page content", () => {
  it("has a file for the home page and every public page", () => {
    expect(contentSlugs()).toEqual(expect.arrayContaining(["home", ...PUBLIC_PAGE_SLUGS]));
  });

  it.each(["home", ...PUBLIC_PAGE_SLUGS])("%s matches the PageContent shape", async (slug) => {
    expect(pageContentProblems(await pageTexts(slug))).toEqual([]);
  });

  it("places the calculator on the home page", async () => {
    expect(widgetsOf(await pageTexts("home")).has("loanCalculator")).toBe(true);
  });

  it("marks a loaded page's texts as React's use reads them, and loads each page once", async () => {
    const load = pageTexts("faq");
    expect(pageTexts("faq")).toBe(load);
    const texts = await load;
    expect(load).toMatchObject({ status: "fulfilled", value: texts });
  });

  it("refuses a slug without a file, and asks again next time", async () => {
    const first = pageTexts("no-such-page");
    await expect(first).rejects.toThrow("no page texts for no-such-page");
    expect(first).toMatchObject({ status: "rejected" });
    expect(pageTexts("no-such-page")).not.toBe(first);
    await pageTexts("no-such-page").catch(() => {});
  });

  it("fills the company placeholders everywhere and leaves unknown ones", () => {
    const page: PageContent = {
      title: "{company}",
      description: "{email}",
      lead: "{phone}",
      sections: [
        {
          heading: "{address}",
          blocks: [
            { p: "{phone} {unknown}" },
            { ul: ["{email}"] },
            { ol: ["{company}"] },
            { faq: [{ q: "{company}?", a: "{phone}" }] },
            { table: { caption: "{company}", head: ["{email}"], rows: [["{phone}"]] } },
            { links: [{ label: "{email}", href: "mailto:{email}" }] },
            { widget: "contactCard" },
          ],
        },
      ],
    };
    const filled = fillPlaceholders(page, { phone: "021", email: "a@b.id", address: "Jakarta", company: "PT X" });
    expect(filled).toEqual({
      title: "PT X",
      description: "a@b.id",
      lead: "021",
      sections: [
        {
          heading: "Jakarta",
          blocks: [
            { p: "021 {unknown}" },
            { ul: ["a@b.id"] },
            { ol: ["PT X"] },
            { faq: [{ q: "PT X?", a: "021" }] },
            { table: { caption: "PT X", head: ["a@b.id"], rows: [["021"]] } },
            { links: [{ label: "a@b.id", href: "mailto:a@b.id" }] },
            { widget: "contactCard" },
          ],
        },
      ],
    });
  });

  it("loads a page with the company's facts filled in", async () => {
    const page = await loadPageContent("contacts", company);
    const text = JSON.stringify(page);
    expect(text).not.toMatch(/\{(phone|email|address|company)\}/);
    expect(page.title.length).toBeGreaterThan(0);
  });

  it("answers 404 for a slug without content", async () => {
    await expect(loadPageContent("no-such-page", company)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("reports what is wrong with a malformed page", () => {
    expect(pageContentProblems({ title: "", sections: [{ heading: "x", blocks: [{ widget: "nope" }, { p: 1 }] }] })).toEqual([
      "title missing",
      "description missing",
      "section 0 block 0: unknown widget nope",
      "section 0 block 1: p is not text",
    ]);
  });
});
