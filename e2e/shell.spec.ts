import { SANDBOX_COMPANY_API_KEY } from "../apps/api/src/config.ts";
import { expect, test } from "./support/test.ts";

test("the TKB indicator moves to the next name/percentage pair after 3 s", async ({ page }) => {
  // The figures the company service serves (the seed's, or the live book's latest snapshot).
  const served = (await (await page.request.get(`/tkb.php?key=${SANDBOX_COMPANY_API_KEY}`)).json()) as { data: { name: string; percentage: string }[] };
  const [first, second, third] = served.data.map((entry) => `${entry.name} ${entry.percentage.replace(".", ",")}%`);
  expect(served.data.map((entry) => entry.name).slice(0, 3)).toEqual(["TKB0", "TKB30", "TKB60"]);
  // Time stands still from the start, so the first pair stays until the clock is moved.
  const start = new Date("2026-11-22T09:00:00+07:00");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto("/");
  const indicator = page.getByTestId("tkb-indicator");
  await expect(indicator).toHaveText(first!);
  await page.clock.runFor(2_900);
  await expect(indicator).toHaveText(first!);
  await page.clock.runFor(200);
  await expect(indicator).toHaveText(second!);
  await page.clock.runFor(3_000);
  await expect(indicator).toHaveText(third!);
});

test("the TKB modal explains TKB90 and shows when the figures were last updated", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: /Informasi TKB/ }).click();
  const dialog = page.getByRole("dialog", { name: "Apa itu TKB90?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("TKB90 = 100% − TWP90");
  await expect(dialog).toContainText(/Terakhir diperbarui: \d{1,2} \w{3} \d{4} \d{2}:\d{2} WIB/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the fraud-warning banner states the rule and hides on close", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Peringatan penipuan" });
  await expect(banner).toContainText("tidak pernah meminta Anda mentransfer uang ke rekening tertentu untuk persetujuan pinjaman");
  await banner.getByRole("button", { name: "Tutup" }).click();
  await expect(banner).toBeHidden();
  await page.goto("/faq");
  await expect(page.getByRole("region", { name: "Peringatan penipuan" })).toBeHidden();
});

test("help dialog: having an account leads to customer care", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Pusat Bantuan" }).click();
  const dialog = page.getByRole("dialog", { name: "Pusat Bantuan" });
  await expect(dialog).toContainText("Apakah Anda sudah memiliki akun?");
  await dialog.getByRole("button", { name: "Ya" }).click();
  await expect(dialog.getByRole("link", { name: /\+62 21 5091 8800/ })).toHaveAttribute("href", /^tel:/);
  await expect(dialog.getByRole("link", { name: "halo@pinjaman.co.id" })).toHaveAttribute("href", "mailto:halo@pinjaman.co.id");
  // Reopening starts again at the first question.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Pusat Bantuan" }).click();
  await expect(page.getByRole("dialog", { name: "Pusat Bantuan" })).toContainText("Apakah Anda sudah memiliki akun?");
});

test("help dialog: no account leads to how-to-apply, FAQ and costs", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Pusat Bantuan" }).click();
  const dialog = page.getByRole("dialog", { name: "Pusat Bantuan" });
  await dialog.getByRole("button", { name: "Belum" }).click();
  await expect(dialog.getByRole("link", { name: "Cara mengajukan pinjaman" })).toHaveAttribute("href", "/how-to-apply");
  await expect(dialog.getByRole("link", { name: /FAQ/ })).toHaveAttribute("href", "/faq");
  await dialog.getByRole("link", { name: "Biaya pinjaman" }).click();
  await expect(page).toHaveURL(/\/costs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Biaya Pinjaman Cicilan");
});

test("the navbar offers Masuk and Daftar to a visitor, and no Keluar", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Navigasi utama" });
  await expect(nav.getByRole("link", { name: "Masuk" })).toHaveAttribute("href", "/login");
  await expect(nav.getByRole("link", { name: "Daftar" })).toHaveAttribute("href", /\/sign-up\?flow=spl_onboarding/);
  await expect(page.getByRole("button", { name: "Keluar" })).toHaveCount(0);
  await page.goto("/plus-payroll");
  await expect(page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Daftar" })).toHaveAttribute(
    "href",
    /flow=bni_payroll_loan_plus_payroll_loan/,
  );
  await page.goto("/pinjaman-online-bisnis-dan-modal-usaha");
  await expect(page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Daftar" })).toHaveAttribute(
    "href",
    /flow=alumak_onboarding/,
  );
});

test("the sandbox recolours the navbar and shows its badge", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("body")).toHaveAttribute("data-sandbox", "");
  await expect(page.getByText("Sandbox", { exact: true })).toBeVisible();
});

test("the chat launcher stores a visitor's message and answers with a reference", async ({ page }) => {
  await page.goto("/faq");
  await page.getByRole("button", { name: "Chat" }).click();
  const dialog = page.getByRole("dialog", { name: "Chat dengan layanan pelanggan" });
  await dialog.getByRole("button", { name: /Kirim/ }).click();
  await expect(dialog.getByLabel("Nama")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Nama").fill("Dewi Lestari");
  await dialog.getByLabel("Kontak").fill("dewi@example.co.id");
  await dialog.getByLabel("Pesan").fill("Apakah bisa melunasi pinjaman lebih awal?");
  await dialog.getByRole("button", { name: /Kirim/ }).click();
  await expect(dialog).toContainText(/Nomor referensi Anda: CS-\d{6}/);
});
