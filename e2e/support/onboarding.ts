import type { APIRequestContext, Page } from "@playwright/test";
import { lastOutboxId, waitForMessage } from "./auth.ts";
import { choose, next, takePhoto } from "./flows.ts";
import { expect } from "./test.ts";

/** What differs between two applicants on the onboarding steps that the sign-up and a partner's lead share. */
export type Applicant = { street: string; accountNumber: string; accountHolder: string };

/**
 * Fills the onboarding from the home address to the disbursal account: an address in Sukasari,
 * Kota Bandung, a job at a private company, the KTP photo and selfie, and a BCA account.
 * Starts on "Alamat tempat tinggal" and ends on "Syarat dan ketentuan".
 */
export async function fillAddressToDisbursalAccount(page: Page, applicant: Applicant) {
  await choose(page, "Provinsi", "Jawa B", "Jawa Barat");
  await choose(page, "Kabupaten/Kota", "Kota Band", "Kota Bandung");
  await choose(page, "Kecamatan", "Sukas", "Sukasari");
  await choose(page, "Kelurahan/Desa", "Geger", "Gegerkalong");
  await choose(page, "Kode pos", "401", "40153");
  await page.getByLabel("Alamat jalan").fill(applicant.street);
  await next(page, "Pekerjaan dan penghasilan");

  await page.getByLabel("Jenis pekerjaan").selectOption({ label: "Karyawan swasta" });
  await page.getByLabel("Nama perusahaan atau tempat usaha").fill("PT Maju Jaya");
  await page.getByLabel("Penghasilan per bulan").selectOption({ label: "Rp5 juta – Rp10 juta" });
  await page.getByLabel("Jumlah platform pinjaman daring lain yang masih Anda cicil").selectOption({ label: "Tidak ada" });
  await page.getByLabel("Total cicilan per bulan di platform pinjaman daring lain").selectOption({ label: "Tidak ada" });
  await next(page, "Foto KTP dan swafoto");

  await takePhoto(page, "Foto KTP");
  await takePhoto(page, "Swafoto");
  await next(page, "Rekening pencairan");

  await choose(page, "Bank", "BC", "BCA");
  await page.getByLabel("Nomor rekening").fill(applicant.accountNumber);
  await page.getByLabel("Nama pemilik rekening").fill(applicant.accountHolder);
  await next(page, "Syarat dan ketentuan");
}

/** The terms' checkbox, enabled only once the terms are scrolled to their end. */
export function termsCheckbox(page: Page) {
  return page.getByRole("checkbox", { name: "Saya telah membaca dan menyetujui syarat dan ketentuan di atas" });
}

/** Reads the terms to their end and agrees; ends on "Perjanjian pinjaman". */
export async function acceptTerms(page: Page) {
  await page.getByRole("region", { name: "Syarat dan ketentuan layanan" }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await termsCheckbox(page).check();
  await next(page, "Perjanjian pinjaman");
}

/**
 * Agrees to the loan agreement and signs it with the code sent by SMS to `phone` (without +62);
 * ends on "Pengajuan terkirim".
 */
export async function signLoanAgreement(page: Page, request: APIRequestContext, phone: string) {
  const before = await lastOutboxId(request);
  await page.getByRole("checkbox", { name: "Saya menyetujui perjanjian pinjaman di atas" }).check();
  await next(page, "Tanda tangan elektronik");
  const [, code] = await waitForMessage(request, `+62${phone}`, before, /(\d{6})/);
  await page.getByLabel("Kode tanda tangan").fill(code ?? "");
  await page.getByRole("button", { name: "Tanda tangani" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pengajuan terkirim");
}
