import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { lastOutboxId, waitForMessage } from "./support/auth.ts";
import { CLOCK_SERVER_URL } from "./support/clock-server.ts";
import { choose, next } from "./support/flows.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 9 in the browser, on its own server (the clock moves a month, which no other test may
 * see): a visitor registers as a lender, tops up through the sandbox VA, funds one loan by hand,
 * turns autoinvest on; the business clock moves; the loan is paid out and its borrower pays the
 * first instalment (the sandbox book's borrowers pay on the due date); the lender sees the
 * repayment, the tax withheld and the return, and withdraws with a fresh code. On a 360 px phone.
 */
test.use({ baseURL: CLOCK_SERVER_URL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const rupiah = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

/** The value shown for a label of a figures list (dt/dd). */
function figureText(page: Page, label: string) {
  return page.getByRole("term").filter({ hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) }).first().locator("xpath=following-sibling::dd[1]");
}

async function figure(page: Page, label: string): Promise<number> {
  const value = figureText(page, label);
  await expect(value).toBeVisible();
  return rupiah(await value.textContent());
}

test("a new lender signs up, tops up, funds a loan by hand, turns on autoinvest, and a month later sees the repayment, the tax withheld and the return", async ({ page, request }) => {
  test.setTimeout(300_000);
  const email = `lestari.${Date.now()}@contoh.co.id`;
  const phone = `85${String(Date.now()).slice(-9)}`;

  await page.goto("/lender");
  await page.getByRole("link", { name: "Daftar jadi Pemberi Dana" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buat akun Pemberi Dana");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Nomor ponsel").fill(phone);
  await page.getByLabel("Kata sandi", { exact: true }).fill("rahasia-Kuat-2026");
  await next(page, "Identitas");

  await page.getByLabel("Nama lengkap sesuai e-KTP").fill("Lestari Wulandari");
  // A woman born 15 May 1985 in Kota Bandung; the serial keeps the NIK unique per run.
  await page.getByLabel("NIK").fill(`327301550585${String((Date.now() % 9999) + 1).padStart(4, "0")}`);
  await page.getByLabel("NPWP (jika ada)").fill("0123456789012345");
  await next(page, "Penghasilan dan sumber dana");

  await page.getByLabel("Penghasilan kotor per tahun (Rp)").fill("600000000");
  await page.getByLabel("Sumber dana").selectOption({ label: "Hasil usaha" });
  await page.getByLabel("Status pajak").selectOption({ label: "Wajib pajak dalam negeri (PPh 23)" });
  await next(page, "Pernyataan risiko");

  const risk = page.getByRole("checkbox", { name: "Saya telah membaca, memahami dan menerima risiko pendanaan di atas" });
  await expect(risk).toBeDisabled();
  await page.getByRole("region", { name: "Pernyataan risiko pendanaan" }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await risk.check();
  await next(page, "Rekening penarikan dana");

  await choose(page, "Bank", "BC", "BCA");
  await page.getByLabel("Nomor rekening").fill("9876543210");
  await page.getByLabel("Nama pemilik rekening").fill("Lestari Wulandari");
  await next(page, "Perjanjian Pemberi Dana");

  await page.getByRole("region", { name: "Perjanjian Pemberi Dana" }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const before = await lastOutboxId(request);
  await page.getByRole("checkbox", { name: "Saya menyetujui Perjanjian Pemberi Dana di atas" }).check();
  await next(page, "Tanda tangan elektronik");
  const [, code] = await waitForMessage(request, `+62${phone}`, before, /(\d{6})/);
  await page.getByLabel("Kode tanda tangan").fill(code ?? "");
  await page.getByRole("button", { name: "Tanda tangani" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pendaftaran selesai");

  // The profile lists the new investment account; its page shows an empty balance.
  await page.goto("/profile");
  await page.getByRole("link", { name: /^Buka rekening investasi/ }).click();
  await expect(page).toHaveURL(/\/investment-accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rekening investasi");
  expect(await figure(page, "Saldo tersedia")).toBe(0);

  // Top up Rp 100.000.000 through the sandbox VA (a double click moves it once).
  const topUp = page.getByRole("form", { name: "Simulasikan isi saldo" });
  await topUp.getByRole("textbox", { name: "Nominal (Rp)" }).fill("100.000.000");
  await topUp.getByRole("button", { name: "Simulasikan isi saldo" }).dblclick();
  await expect(topUp.getByRole("status")).toHaveText("Saldo Rp 100.000.000 masuk. Saldo tersedia sekarang Rp 100.000.000.");
  await expect.poll(() => figure(page, "Saldo tersedia")).toBe(100_000_000);
  expect(await seriousViolations(page)).toEqual([]);

  // Fund, by hand, the whole of the open application nearest its deadline.
  const applications = page.getByRole("region", { name: "Pengajuan yang menunggu pendanaan" });
  await applications.getByRole("link", { name: /^Lihat pengajuan/ }).first().click();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
  const remaining = await figure(page, "Sisa kebutuhan");
  expect(remaining).toBeGreaterThan(0);
  expect(remaining).toBeLessThanOrEqual(100_000_000);
  await page.getByRole("textbox", { name: "Nominal pendanaan (Rp)" }).fill(String(remaining));
  await page.getByRole("button", { name: "Danai" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pendanaan" })).toContainText("Sisa kebutuhan pengajuan: Rp 0");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Lihat pendanaan" }).click();
  await expect(page).toHaveURL(/\/investments\/[0-9a-f-]{36}$/);
  const investmentUrl = page.url();

  // Autoinvest on, with its defaults.
  await page.getByRole("link", { name: "← Kembali ke rekening investasi" }).click();
  const autoinvest = page.getByRole("region", { name: "Autoinvest" });
  await autoinvest.getByRole("checkbox", { name: "Aktifkan autoinvest" }).check();
  await autoinvest.getByRole("button", { name: "Simpan aturan" }).click();
  await expect(autoinvest.getByText("Aturan autoinvest tersimpan.")).toBeVisible();

  // The business clock moves 40 days: the loan is paid out and its first instalment falls due and is paid.
  await page.goto("/sandbox/outbox");
  const clock = page.getByRole("region", { name: "Waktu bisnis sandbox" });
  await clock.getByRole("textbox", { name: "Jumlah hari" }).fill("40");
  await clock.getByRole("button", { name: "Majukan waktu" }).click();
  await expect(clock.getByRole("status")).toContainText("Waktu dimajukan ke", { timeout: 120_000 });

  await page.goto(investmentUrl);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Pendanaan");
  await expect(page.getByText("Didanakan").first()).toBeVisible();
  const repayments = page.getByRole("table", { name: "Setiap pembayaran yang diterima pendanaan ini dengan potongannya" });
  const firstRepayment = repayments.getByRole("row").nth(1);
  await expect(firstRepayment).toBeVisible();
  const cells = await firstRepayment.getByRole("cell").allTextContents();
  expect(cells.length).toBeGreaterThan(4);

  await page.getByRole("link", { name: "← Kembali ke rekening investasi" }).click();
  await expect.poll(() => figure(page, "Pokok diterima")).toBeGreaterThan(0);
  const interest = await figure(page, "Bunga diterima (bruto)");
  const tax = await figure(page, "Pajak dipotong (PPh)");
  expect(interest).toBeGreaterThan(0);
  // PPh 23: 15 % of the gross interest, rounded down per payment and investment.
  expect(tax).toBeGreaterThan(0);
  expect(tax).toBeLessThanOrEqual(Math.floor(interest * 0.15));
  expect(tax).toBeGreaterThanOrEqual(Math.floor(interest * 0.15) - 5);
  await expect(figureText(page, "Imbal hasil bersih per tahun (XIRR)")).toHaveText(/^-?\d+,\d{2}%$/);

  // The tax statement: the PPh withheld in the business year and the one before (the clock crossed
  // a year end) adds up to the statistics' figure.
  const taxSection = page.getByRole("region", { name: "Laporan pajak bunga" });
  await expect(taxSection.getByText("PPh Pasal 23 15,00%, wajib pajak dalam negeri")).toBeVisible();
  const withheldIn = async (year: number) => {
    const total = taxSection.getByRole("table", { name: `Bunga dan pajak per bulan, ${year}` }).getByRole("row", { name: new RegExp(`^Jumlah ${year}`) });
    return Number((await total.getByRole("cell").nth(2).textContent())!.replace(/\D/g, ""));
  };
  const year = Number(await taxSection.getByLabel("Tahun").inputValue());
  const thisYear = await withheldIn(year);
  await taxSection.getByLabel("Tahun").selectOption(String(year - 1));
  expect(thisYear + (await withheldIn(year - 1))).toBe(tax);

  // After the move the lender withdraws: the code is stamped and checked on real time, so the moved
  // business clock does not expire it, and the withdrawal is dated on the business date (decision 0011).
  const clockNow = (await (await request.get("/app_api/v1/sandbox/clock")).json()).data as { business_date: string; offset_days: number };
  expect(clockNow.offset_days).toBe(40);
  expect(await figure(page, "Saldo tersedia")).toBeGreaterThanOrEqual(1_000_000);
  const withdrawal = page.getByRole("region", { name: "Tarik dana", exact: true });
  await withdrawal.getByRole("textbox", { name: "Nominal penarikan" }).fill("1.000.000");
  const beforeCode = await lastOutboxId(request);
  await withdrawal.getByRole("button", { name: "Kirim kode" }).click();
  const [, withdrawalCode] = await waitForMessage(request, `+62${phone}`, beforeCode, /(\d{6})/);
  await withdrawal.getByLabel("Kode verifikasi").fill(withdrawalCode ?? "");
  await withdrawal.getByRole("button", { name: "Tarik dana Rp 1.000.000" }).click();
  await expect(withdrawal.getByText("Penarikan Rp 1.000.000 sedang diproses.")).toBeVisible();
  const made = withdrawal.getByRole("table", { name: "Riwayat penarikan" }).getByRole("row").nth(1);
  await expect(made.getByRole("cell").nth(1)).toHaveText("Rp 1.000.000");
  await expect(made.locator("time")).toHaveAttribute("datetime", clockNow.business_date);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
