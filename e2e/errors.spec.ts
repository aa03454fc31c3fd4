import http from "node:http";
import { expect, test } from "./support/test.ts";

test("an unknown route shows the 404 page with its texts and a way home", async ({ page }) => {
  const response = await page.goto("/halaman-yang-tidak-ada");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main")).toContainText("404");
  await expect(page.getByRole("main")).toContainText("Halaman tidak ditemukan");
  await expect(page.getByRole("main")).toContainText("This page could not be found");
  await page.getByRole("main").getByRole("link", { name: "Kembali ke beranda" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown API route answers JSON 404, never the HTML site", async ({ request }) => {
  for (const url of ["/app_api/v1/unknown", "/pub_api/v1/open/unknown", "/authy_api/v1/unknown"]) {
    const response = await request.get(url);
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect((await response.json()).error.code).toBe("not_found");
  }
});

test("pages carry a nonce-based Content-Security-Policy and compress", async ({ request }) => {
  const response = await request.get("/faq", { headers: { "accept-encoding": "br" } });
  expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(response.headers()["content-encoding"]).toBe("br");
});

test("a request line whose path names another host renders a page of ours, never a 500", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const statusOf = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http.get({ hostname, port, path }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on("error", reject);
    });
  expect(await statusOf("//")).toBe(200);
  expect(await statusOf("//evil.example/faq")).toBe(404);
});
