import type { APIRequestContext } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { lastOutboxId, LOGIN_CODE, waitForMessage } from "./support/auth.ts";
import { FAKE_MEDIA_ARGS, next, PHONE_WITH_CAMERA } from "./support/flows.ts";
import { acceptTerms, fillAddressToDisbursalAccount, signLoanAgreement } from "./support/onboarding.ts";
import { expect, test } from "./support/test.ts";

test.use({ ...PHONE_WITH_CAMERA, launchOptions: { args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS], executablePath: CHROMIUM_PATH } });

/** The sandbox partner's documented key (README: Partners, leads and purchase). */
const PARTNER_KEY = "pjp_sandboxPartnerKey-NotForProduction";
// A born-1988 man's NIK from Kota Bandung (day 20, month 03, year 88).
const NIK = "3273012003880002";
const PASSWORD = "rahasia-Kuat-2026";

async function partnerCall<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/partner_api/v1${path}`, { headers: { "x-api-key": PARTNER_KEY }, data: { data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

test("a partner's lead opens its subflow without navbar and footer, prefilled, and ends in an application; a purchase link is paid after logging in", async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  const email = `andi.${stamp}@contoh.co.id`;
  const phone = `81${stamp.slice(-9)}`;

  const lead = await partnerCall<{ id: string; url: string; status: string }>(request, "/leads", {
    external_id: `LEAD-${stamp}`,
    amount: 3_000_000,
    term: 6,
    customer: { full_name: "Andi Pratama", email, phone: `0${phone}`, personal_code: NIK, birth_date: "1988-03-20" },
  });
  expect(lead.status).toBe("open");
  await page.goto(new URL(lead.url).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  // The partner's page: no navbar, footer or chat (spec section 2 Layout).
  await expect(page.getByRole("navigation", { name: "Navigasi utama" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Chat" })).toHaveCount(0);
  await expect(page.getByLabel("Jumlah pinjaman")).toHaveValue("3000000");
  await expect(page.getByLabel("Tenor")).toHaveValue("6");
  await next(page, "Buat akun");

  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Nomor ponsel")).toHaveValue(phone);
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await next(page, "Data diri");

  await expect(page.getByLabel("Nama lengkap")).toHaveValue("Andi Pratama");
  await expect(page.getByLabel("NIK")).toHaveValue(NIK);
  await page.getByLabel("Tempat lahir").fill("Bandung");
  await page.getByLabel("Jenis kelamin").selectOption({ label: "Laki-laki" });
  await page.getByLabel("Status perkawinan").selectOption({ label: "Kawin" });
  await page.getByLabel("Pendidikan terakhir").selectOption({ label: "S1" });
  await page.getByLabel("Nama gadis ibu kandung").fill("Siti");
  await next(page, "Alamat tempat tinggal");

  await fillAddressToDisbursalAccount(page, { street: "Jl. Gegerkalong Hilir No. 20", accountNumber: "1234567891", accountHolder: "Andi Pratama" });

  await acceptTerms(page);
  await expect(page.getByRole("article")).toContainText("Andi Pratama");
  await signLoanAgreement(page, request, phone);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  // The partner reads the lead's application.
  const status = await request.get(`/partner_api/v1/leads/${lead.id}`, { headers: { "x-api-key": PARTNER_KEY } });
  const read = (await status.json()) as { data: { status: string; application: { amount: number; term: number; status: string } } };
  expect(read.data).toMatchObject({ status: "submitted", application: { amount: 3_000_000, term: 6 } });
  // Used, the link leads to /leads/invalid.
  await page.goto(new URL(lead.url).pathname);
  await expect(page).toHaveURL(/\/leads\/invalid$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tautan tidak berlaku");

  // One application at a time (decision 0018): Andi withdraws the lead's before paying the purchase.
  await page.goto("/profile");
  await page.getByRole("button", { name: /^Batalkan pengajuan/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Batalkan pengajuan");
  await page.getByLabel("Alasan pembatalan").selectOption({ label: "Tidak membutuhkan dana lagi" });
  await page.getByRole("button", { name: "Lanjutkan" }).click();
  await page.goto("/profile");
  await expect(page.getByRole("region", { name: "Pengajuan pinjaman" })).toContainText("DIBATALKAN");
  await page.getByRole("button", { name: "Keluar" }).first().click();
  await expect(page).toHaveURL(/\/(login)?$/);

  const purchase = await partnerCall<{ id: string; url: string }>(request, "/purchases", {
    external_id: `INV-${stamp}`,
    merchant_name: "Toko Elektronik Jaya",
    item_name: "Ponsel Android 128 GB",
    amount: 3_500_000,
    discount: 500_000,
    term: 6,
  });
  await page.goto(new URL(purchase.url).pathname);
  await expect(page.getByRole("navigation", { name: "Navigasi utama" })).toHaveCount(0);
  const detail = page.getByRole("region", { name: "Rincian pembelian" });
  await expect(detail).toContainText("Ponsel Android 128 GB");
  await expect(detail).toContainText("Rp 3.500.000");
  await expect(detail).toContainText("Rp 500.000");
  await expect(detail).toContainText("Rp 3.000.000");
  await expect(detail).toContainText("6 bulan");
  await expect(detail.getByText("Cicilan per bulan")).toBeVisible();
  await expect(page.getByText("Belum punya akun?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Daftar sekarang" })).toBeVisible();

  const login = page.getByRole("form", { name: "Masuk untuk membayar" });
  const beforeLogin = await lastOutboxId(request);
  await login.getByLabel("E-mail").fill(email);
  await login.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Masuk" }).click();
  const pay = page.getByRole("button", { name: "Bayar dengan cicilan" });
  const code = page.getByLabel("Kode verifikasi");
  await expect(pay.or(code)).toBeVisible({ timeout: 15_000 });
  if (await code.isVisible()) {
    const [, loginCode] = await waitForMessage(request, email, beforeLogin, LOGIN_CODE);
    await code.fill(loginCode ?? "");
    await page.getByRole("button", { name: "Verifikasi" }).click();
  }
  await expect(pay).toBeDisabled();
  await page.getByLabel("Saya setuju membayar pembelian ini dengan cicilan sesuai rincian di atas").check();
  await pay.click();
  await expect(page.getByRole("heading", { name: "Pembayaran diajukan" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Status pengajuan" })).toContainText(/Status pengajuan: \S/);

  const paid = await request.get(`/partner_api/v1/purchases/${purchase.id}`, { headers: { "x-api-key": PARTNER_KEY } });
  expect(((await paid.json()) as { data: { status: string; application: { amount: number } } }).data).toMatchObject({ status: "paid", application: { amount: 3_000_000 } });
  await page.getByRole("link", { name: "Lihat profil" }).click();
  await expect(page.getByRole("region", { name: "Pengajuan pinjaman" })).toContainText("Rp 3.000.000");
});

test("an unknown lead and an unknown purchase land on their invalid pages", async ({ page }) => {
  await page.goto("/leads/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/leads\/invalid$/);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.goto("/purchase/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/purchase\/invalid$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pembelian tidak ditemukan");
});
