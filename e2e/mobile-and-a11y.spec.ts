import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test.ts";
import { PUBLIC_ROUTES } from "./support/pages.ts";

test.describe("on a 360 px wide phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  for (const route of PUBLIC_ROUTES) {
    test(`${route} has no horizontal scrolling`, async ({ page }) => {
      await page.goto(route);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

for (const route of PUBLIC_ROUTES) {
  test(`${route} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(route);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
    expect(blocking).toEqual([]);
  });
}
