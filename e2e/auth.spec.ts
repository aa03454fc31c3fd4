import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNTS, LOGIN_CODE, aloneAs, lastOutboxId, logIn, waitForMessage } from "./support/auth.ts";
import { expect, test } from "./support/test.ts";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(blocking).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("log in with the code from the outbox, stay in across a reload, guards both ways, log out", async ({ page }) => {
  // Alone as Budi: another worker's login would put its code in his outbox too.
  await aloneAs(ACCOUNTS.borrower, async () => {
    const before = await lastOutboxId(page.request);
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Tampilkan kata sandi" })).toHaveCount(1);
    await page.getByLabel("E-mail").fill(ACCOUNTS.borrower.email);
    await page.getByLabel("Kata sandi", { exact: true }).fill(ACCOUNTS.borrower.password);
    await page.getByRole("button", { name: "Tampilkan kata sandi" }).click();
    await expect(page.getByLabel("Kata sandi", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Masuk", exact: true }).click();

    // A new browser: the second factor, with the resend held back by its countdown.
    await expect(page.getByRole("heading", { level: 1, name: "Verifikasi masuk" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Kirim ulang kode" })).toBeDisabled();
    await expect(page.getByTestId("resend-countdown")).toContainText(/dalam \d+ detik/);
    const [, code] = await waitForMessage(page.request, ACCOUNTS.borrower.email, before, LOGIN_CODE);
    await page.getByLabel("Kode verifikasi").fill(code!);
    await page.getByRole("button", { name: "Verifikasi" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: `Halo, ${ACCOUNTS.borrower.name}` })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(ACCOUNTS.borrower.email);
  await expectNoSeriousViolations(page);
  const nav = page.getByRole("navigation", { name: "Navigasi utama" });
  await expect(nav.getByRole("button", { name: "Keluar" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Masuk" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: /^Pinjaman/ })).toHaveAttribute("href", "/profile");

  // The cookie is HttpOnly: page scripts never see the token.
  expect(await page.evaluate(() => document.cookie)).not.toContain("token");

  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.getByRole("heading", { level: 1, name: `Halo, ${ACCOUNTS.borrower.name}` })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Keluar" })).toBeVisible();

  // Guest pages send a signed-in customer to the profile: on a fresh load and on navigation.
  for (const path of ["/login", "/forgot-password", "/reset-password"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/profile$/);
  }
  await page.goto("/faq");
  await nav.getByRole("link", { name: /^Pinjaman/ }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await nav.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole("link", { name: "Masuk" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Keluar" })).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "client")).toBeUndefined();

  // Logged out, the profile is closed: on navigation and on a fresh load.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test("the profile sends a visitor to /login; /login shows the form", async ({ page }) => {
  const response = await page.goto("/profile");
  expect(response?.url()).toMatch(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Masuk" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Masuk" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("wrong credentials are an alert; missing fields are told under each field", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page.getByText("Wajib diisi")).toHaveCount(2);
  await page.getByLabel("E-mail").fill("tidak-ada@pinjaman.test");
  await page.getByLabel("Kata sandi", { exact: true }).fill("salah-sekali-2026");
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page.getByRole("alert")).not.toBeEmpty();
  await expect(page).toHaveURL(/\/login$/);
});

test("role choice survives a reload; two tabs refresh the session 10 minutes before expiry without logging out", async ({ page }) => {
  // The page's clock runs normally until the test moves it (the refresh is due 50 minutes in).
  await page.clock.install();
  await logIn(page, ACCOUNTS.lender);
  const roles = page.getByRole("group", { name: "Peran aktif" });
  const primary = roles.getByRole("radio", { name: "Peminjam" });
  const modifier = roles.getByRole("radio", { name: "Pemberi dana", exact: true });
  // Default preference: the modifier role.
  await expect(modifier).toBeChecked();
  const sentRoles: string[] = [];
  page.on("request", (request) => {
    const role = request.headers()["x-role"];
    if (role && request.url().includes("/customer_notices/search")) sentRoles.push(role);
  });
  await primary.check();
  await expect(primary).toBeChecked();
  const primaryId = await primary.getAttribute("value");
  await expect.poll(() => sentRoles.at(-1)).toBe(primaryId);

  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(roles.getByRole("radio", { name: "Peminjam" })).toBeChecked();
  expect(await page.evaluate(() => [sessionStorage.getItem("roleId"), localStorage.getItem("roleId")])).toEqual([primaryId, primaryId]);
  expect(await page.evaluate(() => localStorage.getItem("customerId"))).toMatch(/^[0-9a-f-]{36}$/);

  // A new tab of the same browser starts from localStorage.
  const second = await page.context().newPage();
  await second.goto("/profile");
  await second.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(second.getByRole("group", { name: "Peran aktif" }).getByRole("radio", { name: "Peminjam" })).toBeChecked();

  const refreshes: number[] = [];
  page.context().on("response", (response) => {
    if (response.request().method() === "PATCH" && /\/authy_api\/sessions\//.test(response.url())) refreshes.push(response.status());
  });
  const tokenBefore = (await page.context().cookies()).find((c) => c.name === "client")?.value;
  await page.clock.fastForward("50:00");
  await expect.poll(() => refreshes).toEqual([200]);
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "client")?.value).not.toBe(tokenBefore);
  // The other tab adopted the renewed session: one rotation, and both tabs stay signed in.
  await page.clock.fastForward("00:05");
  expect(refreshes).toEqual([200]);
  for (const tab of [page, second]) {
    await tab.reload();
    await tab.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(tab.getByRole("heading", { level: 1, name: /^Halo, / })).toBeVisible();
    await expect(tab).toHaveURL(/\/profile$/);
  }
});

test("forgot password → link from the outbox → reset → log in with the new password", async ({ page, browser }) => {
  const account = ACCOUNTS.operator;
  const newPassword = "Operator-Baru-2026!";
  // Signed in elsewhere: the reset ends that session, and that browser is sent to log in again.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await logIn(other, account);
  let before = await lastOutboxId(page.request);

  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByRole("button", { name: "Kirim tautan" }).click();
  const confirmation = page.getByRole("status");
  await expect(confirmation).toContainText("Jika e-mail tersebut terdaftar");
  const knownText = await confirmation.textContent();

  // The same answer for an address without an account.
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill("bukan-nasabah@pinjaman.test");
  await page.getByRole("button", { name: "Kirim tautan" }).click();
  await expect(page.getByRole("status")).toHaveText(knownText!);

  // The tester reads the link on the sandbox outbox page and follows it.
  await waitForMessage(page.request, account.email, before, /\/reset-password\/[A-Za-z0-9_-]+/);
  await page.goto("/sandbox/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: account.email }).first();
  await message.getByRole("link", { name: /\/reset-password\// }).click();
  await expect(page).toHaveURL(/\/reset-password\/[A-Za-z0-9_-]+$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const resetUrl = page.url();

  await expect(page.getByRole("button", { name: "Tampilkan kata sandi" })).toHaveCount(1);
  await page.getByLabel("Kata sandi baru", { exact: true }).fill(newPassword);
  await page.getByLabel("Ulangi kata sandi baru").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Simpan kata sandi" }).click();
  await expect(page.getByText("Kata sandi tidak sama")).toBeVisible();
  await page.getByLabel("Ulangi kata sandi baru").fill(newPassword);
  await page.getByRole("button", { name: "Simpan kata sandi" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toHaveText("Kata sandi Anda telah diperbarui. Silakan masuk dengan kata sandi baru.");

  // The other browser's cookie still looks unexpired, but the server ended its session: the
  // guarded page sends it to log in, which drops the dead cookie and says why.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole("status")).toHaveText("Sesi Anda telah berakhir. Silakan masuk kembali.");
  expect((await elsewhere.cookies()).find((c) => c.name === "client")).toBeUndefined();
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login$/);
  await elsewhere.close();

  // The link works once.
  await page.goto(resetUrl);
  await page.getByLabel("Kata sandi baru", { exact: true }).fill("Sekali-Lagi-2026!");
  await page.getByLabel("Ulangi kata sandi baru").fill("Sekali-Lagi-2026!");
  await page.getByRole("button", { name: "Simpan kata sandi" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Minta tautan baru" })).toBeVisible();

  await logIn(page, { email: account.email, password: newPassword });

  // Put the documented password back for whoever logs in as the operator next.
  await page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/$/);
  before = await lastOutboxId(page.request);
  const again = await page.request.post("/authy_api/v1/authentication_methods/emailpass_reset/password_resets", {
    headers: { "X-Locale": "id" },
    data: { data: { email: account.email } },
  });
  expect(again.status()).toBe(202);
  const [, token] = await waitForMessage(page.request, account.email, before, /\/reset-password\/([A-Za-z0-9_-]+)/);
  const restored = await page.request.post("/authy_api/v1/authentication_methods/emailpass_reset/password_resets/resolve", {
    headers: { "X-Locale": "id" },
    data: { data: { token, password: account.password } },
  });
  expect(restored.status()).toBe(200);
});

test("route validators and sandbox: a malformed reset token is 404; the outbox lists messages newest first", async ({ page, request }) => {
  const response = await page.goto("/reset-password/bukan%20token!");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main")).toContainText("Halaman tidak ditemukan");

  const before = await lastOutboxId(request);
  await request.post("/authy_api/v1/authentication_methods/emailpass_reset/password_resets", {
    headers: { "X-Locale": "id" },
    data: { data: { email: ACCOUNTS.borrower.email } },
  });
  await waitForMessage(request, ACCOUNTS.borrower.email, before, /reset-password/);
  await page.goto("/sandbox/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Kotak keluar sandbox" })).toBeVisible();
  await expect(page.getByTestId("outbox-message").first()).toBeVisible();
  const times = await page.getByTestId("outbox-message").locator("time").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("datetime") ?? ""));
  expect(times.length).toBeGreaterThan(0);
  expect([...times].sort().reverse()).toEqual(times);
  // Other tests send mail at the same time: the borrower's reset mail is listed, with its link.
  const mail = page.getByTestId("outbox-message").filter({ hasText: ACCOUNTS.borrower.email }).filter({ hasText: "reset-password" }).first();
  await expect(mail.getByRole("link", { name: /\/reset-password\// })).toBeVisible();
});

test.describe("on a 360 px wide phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  for (const path of ["/login", "/forgot-password", "/reset-password/QWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo", "/reset-password", "/generate-password/QWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo", "/sandbox/outbox"]) {
    test(`${path} fits without horizontal scrolling and has no serious accessibility violation`, async ({ page }) => {
      await page.goto(path);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
    });
  }
});
