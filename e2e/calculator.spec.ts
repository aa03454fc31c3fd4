import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";

/** The home page with its calculator hydrated: its module loads after the page's own scripts. */
async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.locator("section.calculator")).toHaveAttribute("data-ready", "true");
}

test.describe("home calculator on a phone (select lists below 960 px)", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("shows the default offer server-rendered and reprices on a new amount", async ({ page }) => {
    await openHome(page);
    await expect(page.getByTestId("calculator-monthly")).toContainText("Rp");
    const before = await page.getByTestId("calculator-monthly").textContent();
    const amount = page.getByRole("combobox", { name: "Jumlah pinjaman" });
    await expect(amount).toBeVisible();
    const answer = page.waitForResponse((r) => r.url().endsWith("/pub_api/v1/open/products/spl/default_offer/schedule"));
    await amount.selectOption("5000000");
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ data: { amount: 5_000_000, term: 7 } });
    const { data } = await response.json();
    // 7 months is over 6: the OJK cap of 0.2 %/day applies, fitted to a 28-day month (decision 0003).
    expect(data.daily_rate_ppm).toBe(1866);
    await expect(page.getByTestId("calculator-monthly")).not.toHaveText(before ?? "");
    await expect(page.getByTestId("calculator-total")).toContainText("Rp 6.959.300");
  });
});

test.describe("the instalment table on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test("says that it scrolls sideways, scrolls inside its own box by keyboard, and the page does not", async ({ page }) => {
    await openHome(page);
    const table = page.getByRole("region", { name: "Jadwal cicilan" });
    await expect(table).toHaveAccessibleDescription("Gulir tabel ke samping untuk melihat semua kolom.");
    await expect(page.getByText("Gulir tabel ke samping untuk melihat semua kolom.")).toBeVisible();
    const size = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll).toBeGreaterThan(size.client);
    const last = table.getByRole("columnheader", { name: "Cicilan" });
    await table.scrollIntoViewIfNeeded();
    /** How far the last column's right edge is past the table box's right edge. */
    const cutOff = async () => {
      const [box, column] = [await table.boundingBox(), await last.boundingBox()];
      return (column?.x ?? 0) + (column?.width ?? 0) - ((box?.x ?? 0) + (box?.width ?? 0));
    };
    expect(await cutOff()).toBeGreaterThan(0);
    await table.focus();
    for (let i = 0; i < 12 && (await cutOff()) > 0; i++) await page.keyboard.press("ArrowRight");
    // Keyboard scrolling is animated: the last press may still be moving the table.
    await expect.poll(cutOff).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The hint is about the control shown: no "Geser" (slide) where the phone shows select lists.
    await expect(page.getByText(/\bGeser\b/)).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Jumlah pinjaman" })).toBeVisible();
  });
});

test.describe("the instalment table where it fits", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows every column without a scroll hint", async ({ page }) => {
    await openHome(page);
    const table = page.getByRole("region", { name: "Jadwal cicilan" });
    await expect(table.getByRole("columnheader", { name: "Cicilan" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByText("Gulir tabel ke samping untuk melihat semua kolom.")).toBeHidden();
  });
});

test.describe("home calculator on a wide screen (slider from 960 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("offers sliders limited to the product's range", async ({ page }) => {
    await openHome(page);
    const amount = page.getByRole("slider", { name: "Jumlah pinjaman" });
    const term = page.getByRole("slider", { name: "Tenor" });
    await expect(amount).toHaveAttribute("min", "500000");
    await expect(amount).toHaveAttribute("max", "20000000");
    await expect(amount).toHaveAttribute("step", "500000");
    await expect(term).toHaveAttribute("min", "1");
    await expect(term).toHaveAttribute("max", "12");
    await expect(term).toHaveValue("7");
    await expect(page.getByRole("combobox", { name: "Jumlah pinjaman" })).toBeHidden();
    await term.focus();
    await page.keyboard.press("End");
    await expect(term).toHaveValue("12");
    await expect(page.getByTestId("calculator-total")).toContainText("Rp 835.880");
  });
});
