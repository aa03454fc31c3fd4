import { expect, test } from "@playwright/test";

// /docs is Swagger UI, not a React page: Playwright's own test, without waiting for hydration.
test("/docs works under its Content-Security-Policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));

  const response = await page.goto("/docs/");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  // The bundle is large: on a busy 2-core machine it may take a while to render.
  await expect(page.locator(".info .title")).toContainText("Pinjaman API", { timeout: 30_000 });
  const schedule = page.locator(".opblock-summary-path", { hasText: "/pub_api/v1/open/products/{productKey}/default_offer/schedule" });
  // Swagger UI renders only the tags near the viewport: scroll down until the offers tag is drawn.
  await expect(async () => {
    if (!(await schedule.first().isVisible())) await page.mouse.wheel(0, 400);
    await expect(schedule.first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  // Opening an operation renders its parameters and schema (more script and style at work).
  await schedule.first().click();
  await expect(page.getByRole("button", { name: "Try it out" }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
