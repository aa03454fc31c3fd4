import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNTS, logIn } from "./support/auth.ts";
import { choose, next } from "./support/flows.ts";
import { expect, test } from "./support/test.ts";

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

async function checkStep(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(blocking).toEqual([]);
}

test("the sign-up steps fit a 360 px phone and have no serious accessibility violation", async ({ page }) => {
  await page.goto("/sign-up?flow=spl_onboarding");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  await checkStep(page);
  // The question before cancelling, open.
  await page.getByRole("button", { name: "Batalkan pendaftaran" }).click();
  await expect(page.getByRole("dialog", { name: "Batalkan pendaftaran?" })).toBeVisible();
  await checkStep(page);
  await page.keyboard.press("Escape");
  await next(page, "Buat akun");
  await checkStep(page);
  // A refused step shows its messages under the fields, and stays accessible.
  await page.getByRole("button", { name: "Lanjutkan" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await checkStep(page);
});

test("a customer's address chain works by keyboard and stays accessible", async ({ page }) => {
  await logIn(page, ACCOUNTS.borrower);
  await page.goto("/flows/profile_change");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nomor ponsel dan alamat");
  await expect(page.getByRole("combobox", { name: "Kabupaten/Kota" })).toBeDisabled();
  await checkStep(page);
  await choose(page, "Provinsi", "Jawa B", "Jawa Barat");
  const city = page.getByRole("combobox", { name: "Kabupaten/Kota" });
  await city.fill("Kota Bandu");
  await expect(page.getByRole("option", { name: "Kota Bandung", exact: true })).toBeVisible();
  await city.press("ArrowDown");
  await city.press("Enter");
  await expect(city).toHaveValue("Kota Bandung");
  await checkStep(page);
  // Changing the province clears what depends on it.
  await choose(page, "Provinsi", "Bali", "Bali");
  await expect(city).toHaveValue("");
});
