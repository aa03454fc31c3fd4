import { next, PHONE_WITH_CAMERA } from "./support/flows.ts";
import { expect, test } from "./support/test.ts";

test.use({ viewport: PHONE_WITH_CAMERA.viewport, isMobile: true, hasTouch: true });

const isDraftSave = (method: string, url: string) => method === "PATCH" && /\/flow_progresses\/[^/]+$/.test(url);

test("a value chosen on step one and not yet submitted is there after a reload", async ({ page }) => {
  await page.goto("/sign-up?flow=spl_onboarding");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  await page.getByLabel("Jumlah pinjaman").selectOption({ label: "Rp 7.500.000" });
  await page.getByLabel("Tenor").selectOption({ label: "4 bulan" });
  await page.waitForTimeout(1_200);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih jumlah dan tenor pinjaman");
  await expect(page.getByLabel("Jumlah pinjaman")).toHaveValue("7500000");
  await expect(page.getByLabel("Tenor")).toHaveValue("4");
});

test("typed values are saved as drafts (never the password) and are there after a reload", async ({ page }) => {
  const saves: unknown[] = [];
  page.on("request", (request) => {
    if (isDraftSave(request.method(), request.url())) saves.push(request.postDataJSON());
  });
  await page.goto("/sign-up?flow=spl_onboarding");
  await next(page, "Buat akun");
  const email = `draf.${Date.now()}@contoh.co.id`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Kata sandi", { exact: true }).fill("rahasia-Kuat-2026");
  await page.getByLabel("Nomor ponsel").fill("81234567890");
  // No waiting for the answer: the draft leaves 800 ms after typing stops, or as the page goes.
  await page.waitForTimeout(1_200);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buat akun");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Nomor ponsel")).toHaveValue("81234567890");
  await expect(page.getByLabel("Kata sandi", { exact: true })).toHaveValue("");
  expect(saves.length).toBeGreaterThan(0);
  expect(JSON.stringify(saves)).not.toContain("rahasia-Kuat-2026");
});

test("a value is saved as soon as its field loses focus", async ({ page }) => {
  await page.goto("/sign-up?flow=spl_onboarding");
  await next(page, "Buat akun");
  const email = `pergi.${Date.now()}@contoh.co.id`;
  await page.getByLabel("E-mail").fill(email);
  // Leaving the field saves at once, well before the 800 ms the typing pause would take.
  const saved = page.waitForRequest((r) => isDraftSave(r.method(), r.url()), { timeout: 500 });
  await page.getByLabel("Nomor ponsel").focus();
  await saved;
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
});
