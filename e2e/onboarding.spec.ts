import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { FAKE_MEDIA_ARGS, next, PHONE_WITH_CAMERA } from "./support/flows.ts";
import { acceptTerms, fillAddressToDisbursalAccount, signLoanAgreement, termsCheckbox } from "./support/onboarding.ts";
import { expect, test } from "./support/test.ts";

test.use({ ...PHONE_WITH_CAMERA, launchOptions: { args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS], executablePath: CHROMIUM_PATH } });

// A born-1990 man's NIK from Kota Bandung (day 15, month 05, year 90).
const NIK = "3273011505900001";

test("a visitor signs up on a phone through spl_onboarding and lands on the profile with the approved application", async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `wati.${Date.now()}@contoh.co.id`;
  const phone = `81${String(Date.now()).slice(-9)}`;

  await page.goto("/");
  await page.getByRole("link", { name: "Daftar" }).first().click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  // Below 960 px the sliders are select lists.
  await page.getByLabel("Jumlah pinjaman").selectOption({ label: "Rp 3.000.000" });
  await page.getByLabel("Tenor").selectOption({ label: "6 bulan" });
  await expect(page.getByTestId("flow-monthly")).not.toHaveText("–");
  await next(page, "Buat akun");

  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Nomor ponsel").fill(phone);
  await page.getByLabel("Kata sandi", { exact: true }).fill("rahasia-Kuat-2026");
  await next(page, "Data diri");

  await page.getByLabel("Nama lengkap").fill("Wati Lestari");
  await page.getByLabel("NIK").fill(NIK);
  await page.getByLabel("Tempat lahir").fill("Bandung");
  await page.getByLabel("Tanggal lahir").fill("1990-05-15");
  await page.getByLabel("Jenis kelamin").selectOption({ label: "Laki-laki" });
  await page.getByLabel("Status perkawinan").selectOption({ label: "Kawin" });
  await page.getByLabel("Pendidikan terakhir").selectOption({ label: "S1" });
  await page.getByLabel("Nama gadis ibu kandung").fill("Siti");
  await next(page, "Alamat tempat tinggal");

  await fillAddressToDisbursalAccount(page, { street: "Jl. Gegerkalong Hilir No. 12", accountNumber: "1234567890", accountHolder: "Wati Lestari" });

  await expect(termsCheckbox(page)).toBeDisabled();
  await expect(page.getByRole("button", { name: "Lanjutkan" })).toBeDisabled();
  await acceptTerms(page);

  await expect(page.getByRole("article")).toContainText("Rp 3.000.000");
  await expect(page.getByRole("article")).toContainText("Wati Lestari");
  await signLoanAgreement(page, request, phone);

  await page.getByRole("link", { name: "Lihat profil" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Wati Lestari");
  const application = page.getByRole("region", { name: "Pengajuan pinjaman" });
  await expect(application).toContainText("Rp 3.000.000");
  await expect(application).toContainText("6 bulan");
  // Every rule of the automatic decision passed: the application waits for lenders.
  await expect(application).toContainText("MENUNGGU PENDANAAN");
});

test("an applicant under 25 is stopped with the spec's message", async ({ page }) => {
  await page.goto("/sign-up?flow=spl_onboarding");
  await next(page, "Buat akun");
  await page.getByLabel("E-mail").fill(`muda.${Date.now()}@contoh.co.id`);
  await page.getByLabel("Nomor ponsel").fill(`82${String(Date.now()).slice(-9)}`);
  await page.getByLabel("Kata sandi", { exact: true }).fill("rahasia-Kuat-2026");
  await next(page, "Data diri");
  // Born 1 January 2005: under 25.
  await page.getByLabel("NIK").fill("3273010101050001");
  await expect(
    page.getByText(
      "Mohon Maaf. Kami tidak lagi menerima pengajuan dari pengguna di bawah 25 tahun. Silahkan merujuk ke bagian persyaratan minimum di situs/aplikasi kami.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Lanjutkan" })).toBeDisabled();
});

test("a half-done flow resumes after a reload", async ({ page }) => {
  await page.goto("/sign-up?flow=spl_onboarding");
  await page.getByLabel("Jumlah pinjaman").selectOption({ label: "Rp 5.000.000" });
  await next(page, "Buat akun");
  const email = `lanjut.${Date.now()}@contoh.co.id`;
  await page.getByLabel("E-mail").fill(email);
  // The autosave runs 800 ms after typing stops.
  await page.waitForResponse((r) => r.request().method() === "PATCH" && /\/flow_progresses\/[^/]+$/.test(r.url()));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buat akun");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByRole("button", { name: "Kembali" }).click();
  await expect(page.getByLabel("Jumlah pinjaman")).toHaveValue("5000000");
});

test("cancelling the registration clears it, and /sign-up without one leads home (registration guard)", async ({ page }) => {
  await page.goto("/sign-up?flow=spl_onboarding");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  const cancel = page.getByRole("button", { name: "Batalkan pendaftaran" });
  await cancel.click();
  // A tap by mistake changes nothing: the question comes first, Escape keeps the registration.
  const dialog = page.getByRole("dialog", { name: "Batalkan pendaftaran?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Lanjutkan pendaftaran" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(page).toHaveURL(/\/sign-up$/);
  await cancel.click();
  await dialog.getByRole("button", { name: "Ya, batalkan" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem("registration"))).toBeNull();
  await page.goto("/sign-up");
  await expect(page).toHaveURL(/\/$/);
});
