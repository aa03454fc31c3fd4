import { test as base, expect } from "@playwright/test";

/**
 * Playwright's test, whose `page.goto` also waits until React has hydrated the page: a click on
 * server-rendered HTML before that would do nothing, as it would for a person on a slow phone
 * before the scripts arrive.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      return response;
    };
    await use(page);
  },
});

export { expect };
