import { expect, test } from "./support/test.ts";
import { PUBLIC_ROUTES, pageTitle, slugOf } from "./support/pages.ts";

const PLUS = ["/plus-payroll", "/tentang-plus", "/faq-plus", "/cara-mengajukan-pinjaman-online-cicilan", "/plus-costs"];
const BUSINESS = ["/pinjaman-online-bisnis-dan-modal-usaha"];

function expectedVariant(route: string): string {
  if (PLUS.includes(route)) return "plus";
  if (BUSINESS.includes(route)) return "business";
  return "default";
}

for (const route of PUBLIC_ROUTES) {
  test(`${route} answers 200 with its own heading and the ${expectedVariant(route)} variant`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText(pageTitle(slugOf(route)));
    await expect(page.locator("body")).toHaveAttribute("data-variant", expectedVariant(route));
    await expect(page).toHaveTitle(/Pinjaman/);
  });
}

test("every public page has a distinct heading", () => {
  const titles = PUBLIC_ROUTES.map((r) => pageTitle(slugOf(r)));
  expect(new Set(titles).size).toBe(titles.length);
});

test("the app-store link shows on the default variant only", async ({ page }) => {
  await page.goto("/faq");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Unduh aplikasi Pinjaman" })).toHaveCount(1);
  await page.goto("/plus-payroll");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Unduh aplikasi Pinjaman" })).toHaveCount(0);
  await page.goto("/pinjaman-online-bisnis-dan-modal-usaha");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Unduh aplikasi Pinjaman" })).toHaveCount(0);
});

test("the footer shows the company, the regulator disclaimer and frontend version 2.2.4", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("PT Pinjaman Digital Indonesia");
  await expect(footer).toContainText("Disclaimer risiko");
  await expect(footer).toContainText("Lembaga Penjamin Simpanan");
  await expect(footer).toContainText("2.2.4");
  await expect(footer.getByRole("link", { name: /halo@pinjaman\.co\.id/ })).toHaveAttribute("href", "mailto:halo@pinjaman.co.id");
});
