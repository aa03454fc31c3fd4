import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, waitUntilReady } from "../test/server-process.ts";
import { fakeHttpProvider, fakeSmtp, mimeParts, productionEnv, writeServiceAccount, type FakeHttp, type FakeSmtp } from "./integrations/delivery/fake-providers.ts";
import { seedSandboxAccounts } from "./modules/accounts/sandbox-accounts.ts";

/**
 * The real server process outside the sandbox (PGlite in a directory of its own): it refuses to
 * start without mail and SMS providers, naming them, and starts and delivers with them.
 */
let parent: string;
let smtp: FakeSmtp;
let infobip: FakeHttp;
let google: FakeHttp;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), "pinjaman-providers-"));
  [smtp, infobip, google] = await Promise.all([fakeSmtp(), fakeHttpProvider(), fakeHttpProvider()]);
});

afterAll(async () => {
  await Promise.all([smtp.close(), infobip.close(), google.close()]);
  rmSync(parent, { recursive: true, force: true });
});

const LOGIN = "/authy_api/v1/authentication_methods/emailpass/authentications";

describe("the server process outside the sandbox", () => {
  it("refuses to start without an SMTP server and an SMS gateway, naming each variable (exit 78)", async () => {
    const env = productionEnv(smtp, infobip, google, "/nonexistent.json");
    const { SMTP_URL: _smtp, MAIL_FROM: _from, SMS_PROVIDER: _sms, INFOBIP_BASE_URL: _ib, INFOBIP_API_KEY: _key, PUSH_PROVIDER: _push, FCM_SERVICE_ACCOUNT_FILE: _file, ...withoutProviders } = env;
    const server = await startServer({ ...withoutProviders, PGLITE_DIR: join(parent, "refused") });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain(
      "Invalid configuration:\n" +
        "  SMTP_URL: mail delivery outside the sandbox needs an SMTP server: set SMTP_URL (smtp://user:pass@host:587) or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS\n" +
        "  MAIL_FROM: mail delivery outside the sandbox needs the sender (`Pinjaman <no-reply@example.co.id>`)\n" +
        "  SMS_PROVIDER: SMS delivery outside the sandbox needs an SMS gateway: set SMS_PROVIDER=infobip, INFOBIP_BASE_URL and INFOBIP_API_KEY",
    );
  }, 240_000);

  it("starts with the providers configured, mails a sign-in code over SMTP and records it sent, and stops with exit 0", async () => {
    const dir = join(parent, "pglite");
    // A customer to sign in (outside the sandbox nothing is seeded): the sandbox's Budi, put there before the start.
    const database = await openDb({ dataDir: dir });
    await database.migrate();
    await seedSandboxAccounts(database.db);
    await database.close();

    const server = await startServer({
      ...productionEnv(smtp, infobip, google, writeServiceAccount(`${google.origin}/token`)),
      PGLITE_DIR: dir,
      LOG_LEVEL: "info",
      COMPANY_NAME: "PT Pinjaman Produksi",
    });
    await waitUntilReady(server);
    expect(server.output()).toContain("running simulated providers outside the sandbox: bank, insurer, open_banking, voice (SIMULATED_PROVIDERS)");
    expect(server.output()).toContain("Stored the reference data on a new database: the products and the company details (COMPANY_*).");
    expect(server.output()).not.toContain("(sandbox)");
    // The flows run on the products stored at the start.
    const flow = await fetch(`${server.origin}/pub_api/v1/open/flows/spl_onboarding/flow_progresses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: {} }),
    });
    expect(flow.status).toBe(201);
    const res = await fetch(`${server.origin}${LOGIN}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-locale": "id" },
      body: JSON.stringify({ data: { email: "budi@pinjaman.test", password: "Pinjaman-Budi-2026" } }),
    });
    expect(res.status).toBe(202);
    for (const until = Date.now() + 30_000; smtp.received.length === 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(smtp.received).toHaveLength(1);
    const { headers, parts } = mimeParts(smtp.received[0]!.raw);
    expect(smtp.received[0]!.to).toEqual(["budi@pinjaman.test"]);
    expect(headers.subject).toBe("Kode verifikasi masuk Pinjaman");
    expect(parts["text/plain"]).toMatch(/Kode verifikasi Pinjaman Anda: \d{6}\. Berlaku/);
    expect(parts["text/html"]).toMatch(/Kode verifikasi Pinjaman Anda: \d{6}\. Berlaku/);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const after = await openDb({ dataDir: dir });
    try {
      const sent = await after.db.select().from(schema.deliveries).where(eq(schema.deliveries.channel, "mail"));
      expect(sent).toEqual([expect.objectContaining({ status: "sent", attempts: 1, provider: "smtp", recipient: "budi@pinjaman.test", providerMessageId: headers["message-id"] })]);
      // Outside the sandbox the outbox stays empty, and the start stored reference data only: no TKB figures, no book.
      expect(await after.db.select().from(schema.outboxMessages)).toEqual([]);
      expect((await after.db.select({ key: schema.products.key }).from(schema.products)).map((p) => p.key).sort()).toEqual(["alumak", "bni_payroll_loan", "spl"]);
      expect(await after.db.select({ name: schema.companyConfig.name }).from(schema.companyConfig)).toEqual([{ name: "PT Pinjaman Produksi" }]);
      expect(await after.db.select().from(schema.tkbSnapshots).where(eq(schema.tkbSnapshots.source, "seed"))).toEqual([]);
      expect(await after.db.select().from(schema.accountApplications)).toEqual([]);
    } finally {
      await after.close();
    }
  }, 600_000);
});
