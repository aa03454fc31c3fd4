import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./test.ts";

/** The sandbox accounts the seed creates (README: Sandbox accounts). */
export const ACCOUNTS = {
  borrower: { email: "budi@pinjaman.test", password: "Pinjaman-Budi-2026", name: "Budi Santoso" },
  lender: { email: "sari@pinjaman.test", password: "Pinjaman-Sari-2026" },
  operator: { email: "operator@pinjaman.test", password: "Pinjaman-Operator-2026" },
  admin: { email: "admin@pinjaman.test", password: "Pinjaman-Admin-2026" },
} as const;

export type Account = { email: string; password: string };

export type OutboxMessage = { id: number; channel: string; recipient: string; subject: string; body: string; created_at: string };

export const OUTBOX_API = "/pub_api/v1/open/sandbox/outbox";

/** The code in a login code's e-mail (a reset link may hold six digits in a row too). */
export const LOGIN_CODE = /Kode verifikasi Pinjaman Anda: (\d{6})\b/;

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
 * Runs `work` while no other worker of this run does the same for `account`: a login's code is
 * found as the account's newest message, so two workers logging in as Budi at once could each
 * read the other's code. A directory is the lock (mkdir is atomic across processes); one left by
 * a worker that died is taken over after a minute.
 */
export async function aloneAs<T>(account: Account, work: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `pinjaman-e2e-${process.env.E2E_RUN_ID ?? "run"}-login-${account.email}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Logs in through /login as a person would: e-mail and password, then (a new browser always
 * gets one) the 6-digit code from the sandbox outbox. Ends on /profile.
 */
export async function logIn(page: Page, account: Account): Promise<void> {
  const profile = page.getByRole("heading", { level: 1, name: /^Halo, / });
  await aloneAs(account, async () => {
    const before = await lastOutboxId(page.request);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Kata sandi", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    const codeStep = page.getByRole("heading", { level: 1, name: "Verifikasi masuk" });
    await expect(codeStep.or(profile)).toBeVisible();
    if (await codeStep.isVisible()) {
      const [, code] = await waitForMessage(page.request, account.email, before, LOGIN_CODE);
      await page.getByLabel("Kode verifikasi").fill(code!);
      await page.getByRole("button", { name: "Verifikasi" }).click();
    }
    await expect(page).toHaveURL(/\/profile$/);
  });
  await expect(profile).toBeVisible();
}
