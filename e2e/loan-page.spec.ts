import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNTS, logIn } from "./support/auth.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 8 §7 in the browser: Budi's active loan (the sandbox book, issue 8 §8) on /profile, its
 * loan page, how to pay, the statement and a sandbox payment into the VA.
 */
test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("a borrower sees the active loan, opens how to pay, downloads the statement and pays through the sandbox VA", async ({ page }) => {
  await logIn(page, ACCOUNTS.borrower);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: /^Bayar pinjaman/ }) }).first();
  // The sandbox book gives Budi an active loan with an instalment due soon (README "Sandbox accounts").
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card).toContainText(/Rp \d/);
  await expect(card.getByRole("button", { name: /^Salin nomor virtual account \d+$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await noHorizontalScroll(page);

  await card.getByRole("link", { name: /^Bayar pinjaman/ }).click();
  await expect(page).toHaveURL(/\/profile\/loans\/[0-9a-f-]{36}#cara-bayar$/);
  const howToPay = page.getByRole("region", { name: "Cara membayar" });
  await expect(howToPay).toBeFocused();
  await expect(howToPay.getByRole("combobox", { name: "Bank" })).toBeVisible();
  await howToPay.getByText("ATM", { exact: true }).click();
  await expect(howToPay.getByText(/nomor virtual account \d+|BRIVA \d+/).first()).toBeVisible();
  const schedule = page.getByRole("table", { name: "Tagihan per angsuran dengan status pembayarannya" });
  await expect(schedule.getByRole("columnheader")).toHaveText(["Ke-", "Jatuh tempo", "Tagihan", "Dibayar", "Status"]);
  expect(await seriousViolations(page)).toEqual([]);
  await noHorizontalScroll(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Unduh laporan (PDF)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^laporan-pinjaman-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByText("Laporan sudah diunduh.")).toBeVisible();

  const form = page.getByRole("form", { name: "Simulasikan pembayaran" });
  const firstOpen = schedule.getByRole("row").filter({ hasText: /Belum dibayar|Terlambat/ }).first();
  const number = await firstOpen.getByRole("rowheader").textContent();
  // Prefilled with what is due now (else the next instalment): it pays the oldest open invoice.
  await expect(form.getByRole("textbox", { name: "Nominal (Rp)" })).toHaveValue(/^[1-9]\d*$/);
  await form.getByRole("button", { name: "Simulasikan pembayaran" }).dblclick();
  await expect(form.getByRole("status")).toContainText(/^Pembayaran Rp [\d.]+ diterima/);
  await expect(schedule.getByRole("row").filter({ has: page.getByRole("rowheader", { name: number ?? "", exact: true }) })).toContainText("Lunas");
});
