import { test as plainTest, type Page } from "@playwright/test";
import riskDisclaimer from "@pinjaman/i18n/id/content/risk-disclaimer.json" with { type: "json" };
import costsTexts from "@pinjaman/i18n/id/pages/costs.json" with { type: "json" };
import faqTexts from "@pinjaman/i18n/id/pages/faq.json" with { type: "json" };
import { ACCOUNTS, logIn } from "./support/auth.ts";
import { expect, test } from "./support/test.ts";

// A visitor on a phone (below 960 px the sliders are select lists, on the server too).
test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

/** Console errors and uncaught errors of the page (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Remembers the server's form node and box before any script runs, to compare after hydration. */
async function watchServerForm(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const form = document.querySelector("form.flow");
      const w = window as unknown as { serverForm: Element | null; serverFormHeight: number | null };
      w.serverForm = form;
      w.serverFormHeight = form ? form.getBoundingClientRect().height : null;
    });
  });
}

// Playwright's own test: the project's `page.goto` waits for hydration, which never comes here.
plainTest.describe("without JavaScript", () => {
  plainTest.use({ javaScriptEnabled: false });

  plainTest("/sign-up?flow= shows the registration's first step as sent by the server", async ({ page }) => {
    const response = await page.goto("/sign-up?flow=spl_onboarding");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
    await expect(page.getByText("Langkah 1 dari 11")).toBeVisible();
    await expect(page.getByLabel("Jumlah pinjaman", { exact: true })).toHaveValue("500000");
    await expect(page.getByLabel("Tenor", { exact: true })).toHaveValue("7");
    await expect(page.getByRole("button", { name: "Lanjutkan" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  plainTest("/flows/{key} shows the flow's first step as sent by the server", async ({ page }) => {
    await page.goto("/flows/spl_onboarding");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
    await expect(page.getByLabel("Jumlah pinjaman", { exact: true })).toBeVisible();
  });
});

test("the server's first step hydrates in place: same form node, same height, no error, registration stored", async ({ page }) => {
  const errors = collectErrors(page);
  await watchServerForm(page);
  await page.goto("/sign-up?flow=spl_onboarding");
  await expect(page).toHaveURL(/\/sign-up$/);
  const kept = await page.evaluate(() => {
    const w = window as unknown as { serverForm: Element | null; serverFormHeight: number | null };
    const form = document.querySelector("form.flow");
    return { sameNode: w.serverForm !== null && form === w.serverForm, before: w.serverFormHeight, after: form?.getBoundingClientRect().height };
  });
  expect(kept.sameNode).toBe(true);
  expect(kept.after).toBe(kept.before);
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem("registration") ?? "null"))).toEqual({
    registration: { flow_key: "spl_onboarding" },
    flowProgressId: null,
  });
  // The instalment is priced once the page runs; the first action then stores the progress.
  await expect(page.getByTestId("flow-monthly")).not.toHaveText("–");
  await page.getByRole("button", { name: "Lanjutkan" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buat akun");
  expect(errors).toEqual([]);
});

test("a logged-in customer's remembered progress resumes over the server's first step", async ({ page }) => {
  // Sari, who has no loan: the new-loan rule (decision 0018) lets her start a loan flow whatever Budi's book holds.
  await logIn(page, ACCOUNTS.lender);
  await page.goto("/flows/spl_onboarding");
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText("Pilih jumlah dan tenor pinjaman");
  await page.getByRole("button", { name: "Lanjutkan" }).click();
  // A customer has an account: the account step is skipped.
  await expect(title).toHaveText("Data diri");
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(title).toHaveText("Data diri");
  await expect(page.getByText("Langkah 3 dari 11")).toBeVisible();
});

test("an unknown flow, or a sign-up for one, answers 404 with the not-found page", async ({ page }) => {
  for (const url of ["/flows/no_such_flow", "/flows/Bad-Key", "/sign-up?flow=no_such_flow", "/sign-up?flow=spl_onboarding_nope"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("main")).toContainText("Halaman tidak ditemukan");
  }
});

test("a public page sends its module preloads after the content, and hydrates without an error", async ({ page, request }) => {
  const html = await (await request.get("/faq")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toContain('rel="modulepreload"');
  const firstPreload = html.indexOf('rel="modulepreload"');
  expect(firstPreload).toBeGreaterThan(html.indexOf("</main>"));
  expect(firstPreload).toBeLessThan(html.indexOf("<script", html.indexOf("<body")));
  const errors = collectErrors(page);
  await page.goto("/faq");
  // A client navigation to sign-up: no server render, the step comes from the preview call.
  await page.getByRole("link", { name: "Daftar" }).first().click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  expect(errors).toEqual([]);
});

/** How often `text` (HTML-escaped as React writes it, or JSON-escaped as in inline data) occurs in `html`. */
function occurrences(html: string, text: string): number {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return html.split(escaped).length - 1 + (escaped === text ? 0 : html.split(text).length - 1);
}

test("a public page's document carries each long text once: in the markup, not again in the hydration data", async ({ request }) => {
  const faqAnswer = faqTexts.sections[0]!.blocks.flatMap((b) => ("faq" in b ? b.faq : []))[0]!.a;
  for (const path of ["/", "/faq", "/costs"]) {
    const html = await (await request.get(path)).text();
    expect(occurrences(html, riskDisclaimer.points[1]!), `${path}: disclaimer`).toBe(1);
    if (path === "/faq") expect(occurrences(html, faqAnswer), "/faq: an answer").toBe(1);
    const data = html.slice(html.indexOf("window.__reactRouterContext"));
    expect(data, path).not.toContain("sections");
  }
});

test("a public page hydrates its server content in place, and a client navigation renders the next page's texts", async ({ page }) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const w = window as unknown as { serverHeading: Element | null; serverDisclaimer: Element | null };
      w.serverHeading = document.querySelector("main h1");
      w.serverDisclaimer = document.querySelector("#footer-disclaimer");
    });
  });
  await page.goto("/faq");
  // The texts modules have loaded and hydrated: the server's nodes are still the ones shown.
  await page.waitForLoadState("networkidle");
  const kept = await page.evaluate(() => {
    const w = window as unknown as { serverHeading: Element | null; serverDisclaimer: Element | null; stayed?: boolean };
    w.stayed = true;
    return {
      heading: w.serverHeading !== null && w.serverHeading === document.querySelector("main h1"),
      disclaimer: w.serverDisclaimer !== null && w.serverDisclaimer === document.querySelector("#footer-disclaimer"),
    };
  });
  expect(kept).toEqual({ heading: true, disclaimer: true });
  await page.getByRole("contentinfo").getByRole("link", { name: "Biaya" }).click();
  await expect(page).toHaveURL(/\/costs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(costsTexts.title);
  await expect(page.getByRole("heading", { level: 2, name: costsTexts.sections[0]!.heading })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors).toEqual([]);
});
