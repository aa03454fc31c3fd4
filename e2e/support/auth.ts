import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./test.ts";

/** The sandbox accounts the seed creates (README: Sandbox accounts). */
export const ACCOUNTS = {
  borrower: { email: "budi@pinjaman.test", password: "Pinjaman-Budi-2026", name: "Budi Santoso" },
  lender: { email: "sari@pinjaman.test", password: "Pinjaman-Sari-2026" },
  operator: { email: "operator@pinjaman.test", password: "Pinjaman-Operator-2026" },
} as const;

export type Account = { email: string; password: string };

export type OutboxMessage = { id: number; channel: string; recipient: string; subject: string; body: string; created_at: string };

export const OUTBOX_API = "/pub_api/v1/open/sandbox/outbox";

export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get(OUTBOX_API);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The highest message id so far: a later message to the same person is the one a test waits for. */
export async function lastOutboxId(request: APIRequestContext): Promise<number> {
  return Math.max(0, ...(await outbox(request)).map((m) => m.id));
}

/** Waits for a message to `recipient` newer than `afterId` whose body matches `pattern`; returns the match. */
export async function waitForMessage(request: APIRequestContext, recipient: string, afterId: number, pattern: RegExp): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect
    .poll(
      async () => {
        const messages = (await outbox(request)).filter((m) => m.recipient === recipient && m.id > afterId);
        for (const message of messages.sort((a, b) => b.id - a.id)) {
          found = message.body.match(pattern);
          if (found) return true;
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * Logs in through /login as a person would: e-mail and password, then (a new browser always
 * gets one) the 6-digit code from the sandbox outbox. Ends on /profile.
 */
export async function logIn(page: Page, account: Account): Promise<void> {
  const before = await lastOutboxId(page.request);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Kata sandi", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  const codeStep = page.getByRole("heading", { level: 1, name: "Verifikasi masuk" });
  const profile = page.getByRole("heading", { level: 1, name: /^Halo, / });
  await expect(codeStep.or(profile)).toBeVisible();
  if (await codeStep.isVisible()) {
    const [, code] = await waitForMessage(page.request, account.email, before, /\b(\d{6})\b/);
    await page.getByLabel("Kode verifikasi").fill(code!);
    await page.getByRole("button", { name: "Verifikasi" }).click();
  }
  await expect(page).toHaveURL(/\/profile$/);
  await expect(profile).toBeVisible();
}
