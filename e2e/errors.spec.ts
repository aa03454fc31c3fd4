import { readFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "./support/test.ts";

const CLIENT_DIR = new URL("../apps/web/build/client", import.meta.url).pathname;

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

test("scripts are sent as the build compressed them (brotli, else gzip), not compressed per request", async ({ request }) => {
  const html = await (await request.get("/faq")).text();
  const script = /<link rel="modulepreload" href="(\/assets\/entry\.client-[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const source = readFileSync(`${CLIENT_DIR}${script}`);
  for (const [encoding, extension] of [["br", "br"], ["gzip", "gz"], ["identity", null]] as const) {
    const response = await request.get(script!, { headers: { "accept-encoding": encoding } });
    expect(response.headers()["content-encoding"]).toBe(extension ? encoding : undefined);
    // Per-request compression streams without a length: this is the build's file, byte for byte.
    const sent = extension ? readFileSync(`${CLIENT_DIR}${script}.${extension}`) : source;
    expect(Number(response.headers()["content-length"])).toBe(sent.length);
    expect((await response.body()).equals(source)).toBe(true);
  }
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
