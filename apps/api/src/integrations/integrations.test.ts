import { schema } from "@pinjaman/db";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { ConfigError } from "../config.ts";
import { testApp, testConfig, type TestApp } from "../../test/harness.ts";
import { registerErrorHandling } from "../plugins/errors.ts";
import { selectDeliveryProviders } from "./delivery/select-providers.ts";
import { sandboxOutboxRoutes } from "./outbox-routes.ts";

describe("mail and SMS adapters with the sandbox outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("stores what the sandbox adapters send, and lists the latest 50, newest first", async () => {
    await t.app.mailer.send({ to: "budi@pinjaman.test", subject: "Halo", body: "Isi surat" });
    await t.app.sms.send({ to: "+6281234567890", body: "Kode 123456" });
    for (let i = 0; i < 50; i++) await t.app.mailer.send({ to: `x${i}@pinjaman.test`, subject: `S${i}`, body: "B" });
    const res = await t.app.inject({ method: "GET", url: "/pub_api/v1/open/sandbox/outbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { data } = res.json();
    expect(data).toHaveLength(50);
    expect(data[0]).toEqual({ id: expect.any(Number), channel: "mail", recipient: "x49@pinjaman.test", subject: "S49", body: "B", created_at: expect.any(String) });
    expect(data[49].recipient).toBe("x0@pinjaman.test");
    const all = await t.database.db.select().from(schema.outboxMessages);
    expect(all.find((m) => m.channel === "sms")).toMatchObject({ recipient: "+6281234567890", subject: "", body: "Kode 123456" });
  });

  it("refuses to start outside the sandbox without an SMTP server and an SMS gateway, naming each variable, rather than pretend to deliver", async () => {
    const config = testConfig({ SANDBOX: "0", COMPANY_API_KEY: "k".repeat(32) });
    expect(() => selectDeliveryProviders(config)).toThrow(ConfigError);
    const started = buildApp({ db: t.database.db, config });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(
      "Invalid configuration:\n" +
        "  SMTP_URL: mail delivery outside the sandbox needs an SMTP server: set SMTP_URL (smtp://user:pass@host:587) or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS\n" +
        "  MAIL_FROM: mail delivery outside the sandbox needs the sender (`Pinjaman <no-reply@example.co.id>`)\n" +
        "  SMS_PROVIDER: SMS delivery outside the sandbox needs an SMS gateway: set SMS_PROVIDER=infobip, INFOBIP_BASE_URL and INFOBIP_API_KEY",
    );
    // Mail alone is not enough; a push key file that cannot be read is named too.
    const partly = testConfig({ SANDBOX: "0", SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "no-reply@pinjaman.test", PUSH_PROVIDER: "fcm", FCM_SERVICE_ACCOUNT_FILE: "/nonexistent/key.json" });
    expect(() => selectDeliveryProviders(partly)).toThrow(/^Invalid configuration:\n {2}SMS_PROVIDER: .*\n {2}FCM_SERVICE_ACCOUNT_FILE: cannot read \/nonexistent\/key\.json: ENOENT/);
  });

  it("stores a sandbox push in the outbox with its token and title, shown on the outbox page", async () => {
    await t.app.push.send({ token: "fcm-token-sandbox", title: "Pengajuan disetujui", body: "Dana segera dikirim" });
    const res = await t.app.inject({ method: "GET", url: "/pub_api/v1/open/sandbox/outbox" });
    expect(res.json().data[0]).toEqual({ id: expect.any(Number), channel: "push", recipient: "fcm-token-sandbox", subject: "Pengajuan disetujui", body: "Dana segera dikirim", created_at: expect.any(String) });
    expect(t.app.deliveryProviders).toBe(null);
    expect(await t.database.db.select().from(schema.deliveries)).toEqual([]);
  });

  it("has no outbox page outside the sandbox", async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("config", testConfig({ SANDBOX: "0", COMPANY_API_KEY: "k".repeat(32) }));
    app.decorate("db", t.database.db);
    registerErrorHandling(app);
    await app.register(sandboxOutboxRoutes, { prefix: "/pub_api/v1/open" });
    const res = await app.inject({ method: "GET", url: "/pub_api/v1/open/sandbox/outbox" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    await app.close();
  });

  it("runs deferred work after the answer, logs a failure and waits for it on close", async () => {
    const done: string[] = [];
    t.app.defer("test work", async () => {
      await new Promise((r) => setTimeout(r, 20));
      done.push("a");
    });
    t.app.defer("failing work", async () => {
      throw new Error("boom");
    });
    expect(done).toEqual([]);
    await t.app.settled();
    expect(done).toEqual(["a"]);
  });
});
