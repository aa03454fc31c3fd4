import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { createHmac } from "node:crypto";
import { ACCOUNTS, logIn } from "./support/auth.ts";
import { OPERATOR_SERVER_URL } from "./support/clock-server.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 10 §1 in the browser: the operator signs in with the e-mailed code and works the back
 * office's money queues on a 360 px phone: approves a referred application, which a lender funds
 * and the sandbox bank pays out once the business clock passes the cooling-off, and reconciles a
 * parked payment to Budi's loan by hand. On the operator's own server: the clock moves and Budi's
 * loan changes, which no other test may see.
 */
test.use({ baseURL: OPERATOR_SERVER_URL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const rupiah = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

/** The value shown for a label of a figures list (dt/dd) inside `scope`. */
const figure = (scope: Page | Locator, label: string) =>
  scope.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }).first().locator("xpath=following-sibling::dd[1]");

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}

/** The sandbox's public payment-gateway secret (apps/api/src/config.ts, sandbox only). */
const SANDBOX_GATEWAY_SECRET = "sandbox-payment-gateway-secret-not-for-production";

test("the operator works the review and disbursal queues and matches a parked payment to Budi's loan", async ({ page }) => {
  test.setTimeout(180_000);
  // The gateway reports a payment into a virtual account nobody has: parked.
  const amount = 12_345;
  const body = JSON.stringify({ transaction_id: `e2e-parked-${Date.now()}`, channel: "bca_va", virtual_account_number: `77${String(Date.now()).slice(-12)}`, amount, paid_at: new Date().toISOString() });
  const notified = await page.request.post("/pub_api/v1/payment_gateway/notifications", {
    data: body,
    headers: { "content-type": "application/json", "x-signature": createHmac("sha256", SANDBOX_GATEWAY_SECRET).update(body).digest("hex") },
  });
  expect(notified.ok()).toBe(true);
  const parked = (await notified.json()).data as { payment_id: string; status: string; parked_reason: string };
  expect(parked).toMatchObject({ status: "parked", parked_reason: "unknown_virtual_account" });

  await logIn(page, ACCOUNTS.operator);
  await page.getByRole("link", { name: "Buka kantor belakang" }).click();
  const nav = page.getByRole("navigation", { name: "Menu kantor belakang" });

  await nav.getByRole("link", { name: "Peninjauan pengajuan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Peninjauan pengajuan" })).toBeVisible();
  await expect(page.getByLabel("Status pengajuan")).toHaveValue("submitted");

  await nav.getByRole("link", { name: "Pencairan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pencairan" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Gagal, dibatalkan \(\d+\)$/ })).toBeVisible();

  await nav.getByRole("link", { name: "Rekonsiliasi pembayaran" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rekonsiliasi pembayaran" })).toBeVisible();
  const matchButton = page.getByRole("button", { name: /^Cocokkan ke pinjaman: Rp\s?12\.345$/ });
  await matchButton.click();

  const dialog = page.getByRole("dialog", { name: /^Cocokkan pembayaran Rp\s?12\.345$/ });
  const search = dialog.getByRole("searchbox", { name: "Cari pinjaman aktif" });
  await expect(search).toBeFocused();
  // Confirming without a loan or a reason sends nothing.
  await dialog.getByRole("button", { name: "Cocokkan", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Pilih pinjaman tujuan");
  await search.fill(ACCOUNTS.borrower.email);
  await search.press("Enter");
  await dialog.getByRole("radio", { name: /Budi Santoso/ }).check();
  await dialog.getByRole("button", { name: "Cocokkan", exact: true }).click();
  await expect(dialog.getByText("Alasan wajib diisi")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Alasan" })).toBeFocused();
  await page.keyboard.type("Budi salah ketik nomor VA; bukti transfer diperiksa.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cocokkan", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /Pembayaran Rp\s?12\.345 dibukukan ke pinjaman Budi Santoso\./ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Cocokkan ke pinjaman: Rp\s?12\.345$/ })).toHaveCount(0);

  // Done: listed as matched, once.
  const done = await page.request.get("/app_api/v1/back_office/parked_payments?state=done");
  const item = ((await done.json()).data as { id: string; reconciliation: string; reason: string }[]).find((p) => p.id === parked.payment_id);
  expect(item).toMatchObject({ reconciliation: "matched", reason: "Budi salah ketik nomor VA; bukti transfer diperiksa." });

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the operator approves a referred application with a reason, and sees it funded by a lender and paid out after the cooling-off", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await logIn(page, ACCOUNTS.operator);
  await page.getByRole("link", { name: "Buka kantor belakang" }).click();
  const nav = page.getByRole("navigation", { name: "Menu kantor belakang" });

  // The sandbox book's referred applications wait in the review queue, oldest first.
  await nav.getByRole("link", { name: "Peninjauan pengajuan" }).click();
  await expect(page.getByLabel("Status pengajuan")).toHaveValue("submitted");
  const referred = page.getByRole("listitem").filter({ hasText: "Dirujuk ke operator" });
  await expect(referred).toHaveCount(3);
  const borrower = (await referred.first().getByRole("heading", { level: 2 }).textContent())!.trim();
  await referred.first().getByRole("link", { name: borrower }).click();
  await expect(page).toHaveURL(/\/back-office\/review\/[0-9a-f-]{36}$/);
  const applicationId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: `Pengajuan ${borrower}` })).toBeVisible();
  await expect(figure(page, "Status")).toHaveText("DIKIRIMKAN");
  // The two rules the borrower's answers could not measure are why it waits for a person.
  const rules = page.getByRole("region", { name: "Hasil aturan keputusan otomatis" });
  await expect(rules).toContainText("Dirujuk ke operator");
  await expect(rules.getByRole("listitem").filter({ hasText: "Tidak dapat diukur" })).toHaveCount(2);

  // Approving needs a reason; without one nothing is sent.
  await page.getByRole("button", { name: "Setujui", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Setujui pengajuan" });
  await dialog.getByRole("button", { name: "Setujui", exact: true }).click();
  await expect(dialog.getByText("Alasan wajib diisi")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Alasan" }).fill("Slip gaji dan mutasi rekening diperiksa: tidak ada pinjaman di platform lain.");
  await dialog.getByRole("button", { name: "Setujui", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Pengajuan disetujui. Status sekarang: MENUNGGU PENDANAAN." })).toBeVisible();
  await expect(figure(page, "Status")).toHaveText("MENUNGGU PENDANAAN");
  await expect(figure(page, "Tingkat risiko")).toHaveText(/^[A-E]$/);

  // A lender funds all of it, in her own browser.
  const lenderContext = await browser.newContext({ baseURL: OPERATOR_SERVER_URL, viewport: { width: 360, height: 780 }, locale: "id-ID", timezoneId: "Asia/Jakarta" });
  const lender = await lenderContext.newPage();
  await logIn(lender, ACCOUNTS.lender);
  await lender.getByRole("link", { name: /^Buka rekening investasi/ }).click();
  await expect(lender).toHaveURL(/\/investment-accounts\/[0-9a-f-]{36}$/);
  await lender.goto(`${lender.url()}/applications/${applicationId}`);
  await lender.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const remaining = rupiah(await figure(lender, "Sisa kebutuhan").textContent());
  expect(remaining).toBeGreaterThan(0);
  await lender.getByRole("textbox", { name: "Nominal pendanaan (Rp)" }).fill(String(remaining));
  await lender.getByRole("button", { name: "Danai" }).click();
  await expect(lender.getByRole("status").filter({ hasText: "Pendanaan" })).toContainText("Sisa kebutuhan pengajuan: Rp 0");
  await lenderContext.close();

  // Funded: the operator finds it in the cooling-off, when the borrower may still cancel for free.
  await nav.getByRole("link", { name: "Pencairan" }).click();
  const coolingOff = page.getByRole("region", { name: /^Masa tenggang pembatalan \(\d+\)$/ });
  const waiting = coolingOff.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: borrower }) });
  await expect(waiting).toHaveCount(1);
  expect(rupiah(await figure(waiting, "Jumlah").textContent())).toBe(remaining);
  await expect(figure(waiting, "Masa tenggang berakhir")).toBeVisible();

  // The business clock moves past the cooling-off: the sandbox bank pays the borrower.
  await page.goto("/sandbox/outbox");
  const clock = page.getByRole("region", { name: "Waktu bisnis sandbox" });
  await clock.getByRole("textbox", { name: "Jumlah hari" }).fill("3");
  await clock.getByRole("button", { name: "Majukan waktu" }).click();
  await expect(clock.getByRole("status")).toContainText("Waktu dimajukan ke", { timeout: 120_000 });

  await page.goto(`/back-office/review/${applicationId}`);
  await expect(figure(page, "Status")).toHaveText("DIAKTIFKAN");
  const moves = page.getByRole("region", { name: "Riwayat status" });
  await expect(moves).toContainText("Slip gaji dan mutasi rekening diperiksa");
  await page.goto("/back-office/disbursals");
  await expect(page.getByRole("heading", { level: 2, name: /^Masa tenggang pembatalan/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: borrower })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
