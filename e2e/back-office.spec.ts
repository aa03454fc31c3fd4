import AxeBuilder from "@axe-core/playwright";
import { createHmac } from "node:crypto";
import { ACCOUNTS, logIn } from "./support/auth.ts";
import { CLOCK_SERVER_URL } from "./support/clock-server.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 10 §1 in the browser: the operator signs in with the e-mailed code, opens the back office's
 * money queues and reconciles a parked payment to Budi's loan by hand, on a 360 px phone. On the
 * second server: the match changes Budi's loan, which the main server's loan-page tests read.
 */
test.use({ baseURL: CLOCK_SERVER_URL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

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
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`)).toEqual([]);
});
