import { ACCOUNTS, logIn } from "./support/auth.ts";
import { expect, test } from "./support/test.ts";

/**
 * A signed-in customer who applies again is not sent through account creation (issue 8 section 7,
 * decision 0018): "Ajukan Sekarang" leads to the flow the server's new-loan rule picks.
 */
test("signed-in Budi clicking \"Ajukan Sekarang\" gets his new-loan flow, never the account step", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, ACCOUNTS.borrower);

  // A click on the home page's apply button (client navigation).
  await page.goto("/");
  await page.getByRole("link", { name: "Ajukan Sekarang" }).first().click();
  await expect(page).toHaveURL(/\/flows\/(spl_returning_ntb|spl_returning|no_flow_available)$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Buat akun");
  await expect(page.getByLabel("Kata sandi", { exact: true })).toHaveCount(0);

  // The same link opened directly (server render).
  await page.goto("/sign-up?flow=spl_onboarding");
  await expect(page).toHaveURL(/\/flows\/(spl_returning_ntb|spl_returning|no_flow_available)$/);

  if (page.url().endsWith("/no_flow_available")) {
    await expect(page.getByRole("status")).toContainText("Pinjaman baru dapat diajukan");
    await expect(page.getByRole("link", { name: "Lihat profil" })).toHaveAttribute("href", "/profile");
    return;
  }
  // The loan first, and the flow has no account step: onboarding's 11 steps less one (new to bank),
  // or the 6 of a returning customer. Nothing is stored here, so no flow of Budi's is left open.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  await expect(page.getByText(/^Langkah 1 dari (10|6)$/)).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveCount(0);
});
