import { ACCOUNTS, lastOutboxId, logIn, waitForMessage } from "./support/auth.ts";
import { expect, test } from "./support/test.ts";

test("a customer's chat message is answered in the back office and the answer shows in the chat panel", async ({ page, browser }) => {
  // The customer, signed in, writes from the FAQ page.
  await logIn(page, ACCOUNTS.borrower);
  await page.goto("/faq");
  const question = `Bisakah saya melunasi pinjaman lebih awal? (${Date.now()})`;
  await page.getByRole("button", { name: "Chat" }).click();
  let panel = page.getByRole("dialog", { name: "Chat dengan layanan pelanggan" });
  await panel.getByLabel("Nama").fill(ACCOUNTS.borrower.name);
  await panel.getByLabel("Kontak").fill(ACCOUNTS.borrower.email);
  await panel.getByLabel("Pesan").fill(question);
  await panel.getByRole("button", { name: "Kirim" }).click();
  await expect(panel).toContainText(/Nomor referensi Anda: CS-\d{6}/);
  const reference = (await panel.textContent())!.match(/CS-\d{6}/)![0];
  await panel.getByRole("button", { name: "Tutup" }).last().click();
  await expect(panel).toHaveCount(0);

  // The operator, in another browser on a 360 px phone, answers it from the chat inbox.
  const operatorContext = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: "id-ID", timezoneId: "Asia/Jakarta" });
  const operator = await operatorContext.newPage();
  await logIn(operator, ACCOUNTS.operator);
  await operator.goto("/back-office");
  await operator.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await operator.getByRole("navigation", { name: "Menu kantor belakang" }).getByRole("link", { name: "Kotak masuk chat" }).click();
  await expect(operator.getByRole("heading", { level: 1, name: "Kotak masuk chat" })).toBeVisible();
  const item = operator.getByRole("listitem").filter({ has: operator.getByRole("heading", { name: `${reference} · Belum dijawab` }) });
  await expect(item).toContainText(question);
  const answer = "Bisa. Buka halaman pinjaman Anda lalu pilih Bayar untuk melunasi seluruh sisa pinjaman.";
  const before = await lastOutboxId(operator.request);
  // Keyboard only: focus the answer field, type, submit with Enter on the button.
  await item.getByRole("textbox", { name: `Jawaban untuk ${reference}` }).focus();
  await operator.keyboard.type(answer);
  await operator.keyboard.press("Tab");
  await expect(item.getByRole("button", { name: "Kirim jawaban" })).toBeFocused();
  await operator.keyboard.press("Enter");
  await expect(operator.getByRole("status").filter({ hasText: "Jawaban terkirim ke e-mail pengunjung." })).toBeVisible();
  const overflow = await operator.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await operatorContext.close();

  // The answer went by e-mail…
  await waitForMessage(page.request, ACCOUNTS.borrower.email, before, new RegExp(`Berikut jawaban kami untuk pesan Anda \\(${reference}\\)`));

  // …and the customer sees it in the chat panel.
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("button", { name: "Chat" }).click();
  panel = page.getByRole("dialog", { name: "Chat dengan layanan pelanggan" });
  const threads = panel.getByRole("region", { name: "Pesan Anda" });
  await expect(threads).toContainText(reference);
  await expect(threads).toContainText(question);
  await expect(threads).toContainText("Jawaban layanan pelanggan:");
  await expect(threads).toContainText(answer);
});
