import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test.ts";

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const formatted = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number);
  const months = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];
  return `${day} ${months[month! - 1]} ${year}`;
};
const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test("a tester moves the sandbox business clock forward by keyboard on a 360 px phone", async ({ page }) => {
  const before = (await (await page.request.get("/app_api/v1/sandbox/clock")).json()).data as { business_date: string; offset_days: number };
  await page.goto("/sandbox/outbox");
  const clock = page.getByRole("region", { name: "Waktu bisnis sandbox" });
  await expect(clock.getByTestId("business-date")).toContainText(formatted(before.business_date));

  // A bad number first: the message is under the field, nothing moves.
  const days = clock.getByRole("textbox", { name: "Jumlah hari" });
  await days.fill("0");
  await days.press("Enter");
  await expect(clock.getByText("Masukkan bilangan bulat 1 sampai 366")).toBeVisible();
  await expect(days).toBeFocused();

  await days.fill("3");
  await page.keyboard.press("Tab");
  await expect(clock.getByRole("button", { name: "Majukan waktu" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(clock.getByRole("status")).toContainText("Waktu dimajukan ke");
  // Three days on from the date read before, or four when the real date changed meanwhile (midnight Jakarta).
  const after = (await (await page.request.get("/app_api/v1/sandbox/clock")).json()).data as { business_date: string; offset_days: number };
  expect(after.offset_days).toBe(before.offset_days + 3);
  expect([plusDays(before.business_date, 3), plusDays(before.business_date, 4)]).toContain(after.business_date);
  const expected = after.business_date;
  await expect(clock.getByRole("status")).toContainText(`Waktu dimajukan ke ${formatted(expected)}.`);
  await expect(clock.getByTestId("business-date")).toContainText(formatted(expected));
  await expect(clock.getByTestId("business-date")).toContainText(`${before.offset_days + 3} hari di depan tanggal sebenarnya`);

  // It stays moved across a reload, and the page fits the phone and passes axe.
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(clock.getByTestId("business-date")).toContainText(formatted(expected));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});
