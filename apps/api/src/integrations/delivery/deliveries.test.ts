import { schema } from "@pinjaman/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { NO_INTEGRATIONS } from "../../jobs/job-definition.ts";
import { runOccurrence } from "../../jobs/job-occurrence.ts";
import { deliveriesJob } from "../../jobs/definitions/deliveries.ts";
import { paymentRemindersJob } from "../../jobs/definitions/payment-reminders.ts";
import { activeLoanFor } from "../../modules/disbursal/loan-test-kit.ts";
import { pushToCustomer } from "../push.ts";
import { attemptDelivery, deliveryRetryDelayMinutes, pruneDeliveries, queueMail, queueSms, runDueDeliveries } from "./deliveries.ts";
import { fakeHttpProvider, fakeSmtp, mimeParts, productionEnv, writeServiceAccount, type FakeHttp, type FakeSmtp } from "./fake-providers.ts";
import type { DeliveryProviders, SendResult } from "./transports.ts";

let smtp: FakeSmtp;
let infobip: FakeHttp;
let google: FakeHttp;
let t: TestApp;

beforeAll(async () => {
  [smtp, infobip, google] = await Promise.all([fakeSmtp(), fakeHttpProvider(), fakeHttpProvider()]);
  infobip.answer = () => ({ status: 200, json: { bulkId: "b", messages: [{ to: "6281234567890", messageId: `ib-${infobip.seen.length}`, status: { groupId: 1, groupName: "PENDING" } }] } });
  google.answer = (r) =>
    r.path === "/token" ? { status: 200, json: { access_token: "ya29.t", expires_in: 3599 } } : { status: 200, json: { name: `projects/pinjaman-test/messages/m${google.seen.length}` } };
  t = await testApp(productionEnv(smtp, infobip, google, writeServiceAccount(`${google.origin}/token`)));
});

afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), infobip.close(), google.close()]);
});

const deliveryOf = async (id: string) => (await t.database.db.select().from(schema.deliveries).where(eq(schema.deliveries.id, id)))[0]!;
const latestDelivery = async (channel: "mail" | "sms" | "push") =>
  (await t.database.db.select().from(schema.deliveries).where(eq(schema.deliveries.channel, channel))).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;

/** Providers whose SMS gateway answers what the test says, the others being the fakes'. */
function scriptedSms(answers: SendResult[], maxAttempts = 6): DeliveryProviders & { sent: string[] } {
  const sent: string[] = [];
  return {
    ...t.app.deliveryProviders!,
    maxAttempts,
    sent,
    sms: {
      provider: "scripted",
      send: async (sms) => {
        sent.push(sms.to);
        return answers.shift() ?? { ok: false, retryable: true, error: "no answer scripted" };
      },
    },
  };
}

describe("delivery outside the sandbox", () => {
  it("queues a mail, sends it at once over SMTP after the answer and records it sent; nothing goes to the outbox", async () => {
    const [outboxBefore] = await t.database.db.select({ n: count() }).from(schema.outboxMessages);
    await t.app.mailer.send({ to: "budi@pinjaman.test", subject: "Kode verifikasi masuk Pinjaman", body: "Halo Budi <3,\n\nKode Anda: 123456" });
    await t.app.settled();
    const delivery = await latestDelivery("mail");
    // The code is in the mail, no longer in the table: the words go once delivered.
    expect(delivery).toMatchObject({ status: "sent", attempts: 1, provider: "smtp", recipient: "budi@pinjaman.test", subject: "Kode verifikasi masuk Pinjaman", lastError: null, body: "", html: null });
    expect(delivery.sentAt).toBeInstanceOf(Date);
    const received = smtp.received.at(-1)!;
    expect(received.to).toEqual(["budi@pinjaman.test"]);
    const { headers, parts } = mimeParts(received.raw);
    expect(headers["message-id"]).toBe(delivery.providerMessageId);
    expect(headers.subject).toBe("Kode verifikasi masuk Pinjaman");
    expect(parts["text/plain"]).toContain("Halo Budi <3,\r\n\r\nKode Anda: 123456\r\n\r\n-- \r\nPinjaman tidak pernah meminta kata sandi");
    expect(parts["text/html"]).toContain('<p style="margin:0 0 16px">Halo Budi &lt;3,</p>');
    const [outboxAfter] = await t.database.db.select({ n: count() }).from(schema.outboxMessages);
    expect(outboxAfter!.n).toBe(outboxBefore!.n);
  });

  it("records a mail the SMTP server refuses for good as failed at the first attempt, with the server's answer", async () => {
    smtp.unknownMailboxes.add("gone@pinjaman.test");
    const received = smtp.received.length;
    await t.app.mailer.send({ to: "gone@pinjaman.test", subject: "Halo", body: "Isi" });
    await t.app.settled();
    expect(await latestDelivery("mail")).toMatchObject({
      status: "failed",
      attempts: 1,
      recipient: "gone@pinjaman.test",
      provider: "smtp",
      providerMessageId: null,
      lastError: expect.stringMatching(/550 Mailbox unavailable/),
    });
    expect(smtp.received.length).toBe(received);
  });

  it("sends an SMS through Infobip and a push to the customer's firebase devices through FCM, recording the providers' ids", async () => {
    await t.app.sms.send({ to: "+6281234567890", body: "Kode tanda tangan Pinjaman: 654321" });
    await t.app.settled();
    expect(await latestDelivery("sms")).toMatchObject({ status: "sent", attempts: 1, provider: "infobip", providerMessageId: expect.stringMatching(/^ib-\d+$/) });
    expect(JSON.parse(infobip.seen.at(-1)!.body).messages[0]).toEqual({ destinations: [{ to: "6281234567890" }], from: "Pinjaman", text: "Kode tanda tangan Pinjaman: 654321" });

    const [budi] = await t.database.db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, "budi@pinjaman.test"));
    await t.database.db.insert(schema.devices).values([
      { customerId: budi!.id, identifier: budi!.id, typeKey: "mobile", token: "fcm-token-1", tokenType: "firebase", operatingSystem: "android" },
      { customerId: budi!.id, identifier: budi!.id, typeKey: "mobile", token: "apns-only", tokenType: "apns", operatingSystem: "ios" },
    ]);
    expect(await pushToCustomer(t.app.db, t.app.push, budi!.id, { title: "Pinjaman", body: "Pengajuan Anda disetujui", data: { kind: "decision" } })).toBe(1);
    await t.app.settled();
    expect(await latestDelivery("push")).toMatchObject({ status: "sent", recipient: "fcm-token-1", provider: "fcm", providerMessageId: expect.stringMatching(/^projects\/pinjaman-test\/messages\/m\d+$/) });
    const send = google.seen.at(-1)!;
    expect(send.path).toBe("/v1/projects/pinjaman-test/messages:send");
    expect(send.headers.authorization).toBe("Bearer ya29.t");
    expect(JSON.parse(send.body)).toEqual({ message: { token: "fcm-token-1", notification: { title: "Pinjaman", body: "Pengajuan Anda disetujui" }, data: { kind: "decision" } } });
  });

  it("retries a failure after 1, 2, 4 … minutes with the last error kept, sends on a later attempt, and gives up after the last attempt", async () => {
    const now = new Date("2026-11-24T03:00:00Z");
    const providers = scriptedSms([
      { ok: false, retryable: true, error: "Infobip HTTP 503: Service Unavailable" },
      { ok: false, retryable: true, error: "Infobip unreachable: timeout" },
      { ok: true, providerMessageId: "ib-late" },
    ]);
    const id = await queueSms(t.database.db, { to: "+6281111111111", body: "Pengingat" });
    await t.database.db.update(schema.deliveries).set({ nextAttemptAt: now }).where(eq(schema.deliveries.id, id));

    expect(await attemptDelivery(t.database.db, providers, id, now)).toBe("retry_later");
    expect(await deliveryOf(id)).toMatchObject({ status: "queued", attempts: 1, lastError: "Infobip HTTP 503: Service Unavailable", nextAttemptAt: new Date(now.getTime() + 60_000), claimedUntil: null });
    // Not due before its backoff: nothing is sent.
    expect(await attemptDelivery(t.database.db, providers, id, new Date(now.getTime() + 59_000))).toBe("not_due");
    expect(await attemptDelivery(t.database.db, providers, id, new Date(now.getTime() + 60_000))).toBe("retry_later");
    expect(await deliveryOf(id)).toMatchObject({ attempts: 2, lastError: "Infobip unreachable: timeout", nextAttemptAt: new Date(now.getTime() + 60_000 + 120_000) });
    expect(await attemptDelivery(t.database.db, providers, id, new Date(now.getTime() + 180_000))).toBe("sent");
    expect(await deliveryOf(id)).toMatchObject({ status: "sent", attempts: 3, provider: "scripted", providerMessageId: "ib-late", lastError: "Infobip unreachable: timeout" });
    expect(providers.sent).toEqual(["+6281111111111", "+6281111111111", "+6281111111111"]);
    expect([1, 2, 3, 4, 5, 10, 20].map(deliveryRetryDelayMinutes)).toEqual([1, 2, 4, 8, 16, 360, 360]);

    const giveUp = scriptedSms([{ ok: false, retryable: true, error: "down 1" }, { ok: false, retryable: true, error: "down 2" }], 2);
    const lost = await queueSms(t.database.db, { to: "+6282222222222", body: "Pengingat" });
    await t.database.db.update(schema.deliveries).set({ nextAttemptAt: now }).where(eq(schema.deliveries.id, lost));
    expect(await attemptDelivery(t.database.db, giveUp, lost, now)).toBe("retry_later");
    expect(await attemptDelivery(t.database.db, giveUp, lost, new Date(now.getTime() + 60_000))).toBe("failed");
    expect(await deliveryOf(lost)).toMatchObject({ status: "failed", attempts: 2, lastError: "down 2", sentAt: null, providerMessageId: null });
    expect(await attemptDelivery(t.database.db, giveUp, lost, new Date(now.getTime() + 3_600_000))).toBe("not_due");

    const refused = scriptedSms([{ ok: false, retryable: false, error: "Infobip rejected: REJECTED_DESTINATION" }]);
    const bad = await queueSms(t.database.db, { to: "+62", body: "x" });
    expect(await attemptDelivery(t.database.db, refused, bad)).toBe("failed");
    expect(await deliveryOf(bad)).toMatchObject({ status: "failed", attempts: 1, lastError: "Infobip rejected: REJECTED_DESTINATION" });
  });

  it("lets one of two processes attempting one delivery at once call the provider", async () => {
    const providers = scriptedSms([{ ok: true, providerMessageId: "once" }, { ok: true, providerMessageId: "twice" }]);
    const id = await queueSms(t.database.db, { to: "+6283333333333", body: "Sekali" });
    const outcomes = await Promise.all([attemptDelivery(t.database.db, providers, id), attemptDelivery(t.database.db, providers, id)]);
    expect(outcomes.sort()).toEqual(["not_due", "sent"]);
    expect(providers.sent).toEqual(["+6283333333333"]);
    expect(await deliveryOf(id)).toMatchObject({ status: "sent", attempts: 1, providerMessageId: "once" });
  });

  it("the every-minute deliveries job sends what is queued and due after its transaction, through the job runner's occurrence", async () => {
    // Queued through a transaction (as the payment reminders job does): no immediate attempt.
    const id = await t.database.db.transaction((tx) => queueMail(tx as unknown as typeof t.database.db, { to: "sari@pinjaman.test", subject: "Tagihan Anda jatuh tempo hari ini", body: "Halo Sari" }));
    expect((await deliveryOf(id)).status).toBe("queued");
    const at = new Date();
    const outcome = await runOccurrence(t.database.db, deliveriesJob, { key: "2026-11-24T10:01", businessDate: "2026-11-24", at }, t.app.log, { ...NO_INTEGRATIONS, delivery: t.app.deliveryProviders });
    expect(outcome).toBe("ran");
    expect(await deliveryOf(id)).toMatchObject({ status: "sent", attempts: 1, provider: "smtp" });
    expect(smtp.received.at(-1)!.to).toEqual(["sari@pinjaman.test"]);
    expect(await runDueDeliveries(t.database.db, t.app.deliveryProviders!)).toEqual([]);
    // Its own job_runs rows are kept two days: an every-minute job would otherwise pile up 1440 a day.
    await t.database.db.insert(schema.jobRuns).values({ jobName: "deliveries", occurrence: "2026-11-20T10:00", businessDate: "2026-11-20" });
    await runOccurrence(t.database.db, deliveriesJob, { key: "2026-11-24T10:02", businessDate: "2026-11-24", at }, t.app.log, { ...NO_INTEGRATIONS, delivery: t.app.deliveryProviders });
    const kept = await t.database.db.select({ occurrence: schema.jobRuns.occurrence }).from(schema.jobRuns).where(eq(schema.jobRuns.jobName, "deliveries"));
    expect(kept.map((r) => r.occurrence).sort()).toEqual(["2026-11-24T10:01", "2026-11-24T10:02"]);
  });

  it("the payment reminders job queues its mail and SMS in its own transaction; the deliveries job sends them", async () => {
    const [customer] = await t.database.db.insert(schema.customers).values({ name: "Rina Pengingat", email: "rina@pinjaman.test", phone: "+6285555555555" }).returning();
    await t.database.db.insert(schema.customerProfiles).values({ customerId: customer!.id, personalCode: "3171011299990001", fullName: "Rina Pengingat", birthDate: "1985-05-15", kyc: { region: "31" }, consent: {} });
    const loan = await activeLoanFor(t.database.db, customer!.id, { effectiveOn: "2026-01-10" });
    expect(loan.invoices[0]!.dueOn).toBe("2026-02-10");
    const integrations = { ...NO_INTEGRATIONS, sandbox: false, delivery: t.app.deliveryProviders };
    // 08:00 in Jakarta on the due date.
    const at = new Date("2026-02-10T01:00:00Z");
    expect(await runOccurrence(t.database.db, paymentRemindersJob, { key: "2026-02-10T08:00", businessDate: "2026-02-10", at }, t.app.log, integrations)).toBe("ran");
    const queued = (await t.database.db.select().from(schema.deliveries)).filter((d) => d.recipient === "rina@pinjaman.test" || d.recipient === "+6285555555555");
    expect(queued.map((d) => [d.channel, d.status]).sort()).toEqual([["mail", "queued"], ["sms", "queued"]]);
    expect(queued.find((d) => d.channel === "mail")!.html).toContain('<html lang="id">');

    const received = smtp.received.length;
    await runOccurrence(t.database.db, deliveriesJob, { key: "2026-02-10T08:01", businessDate: "2026-02-10", at }, t.app.log, integrations);
    // The senders also try each queued message at once after its transaction: whichever claimed it,
    // wait until it is out (under load the job's run could end while the other attempt still sends).
    await t.app.settled();
    const after = await t.database.db.select().from(schema.deliveries).where(eq(schema.deliveries.recipient, "rina@pinjaman.test"));
    expect(after).toEqual([expect.objectContaining({ status: "sent", attempts: 1, provider: "smtp" })]);
    expect(smtp.received.slice(received).map((m) => m.to)).toEqual([["rina@pinjaman.test"]]);
    expect(JSON.parse(infobip.seen.at(-1)!.body).messages[0].destinations).toEqual([{ to: "6285555555555" }]);
    expect((await t.database.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.recipient, "rina@pinjaman.test")))).toEqual([]);
  });

  it("keeps a message's words until it is delivered, and its record 90 days after", async () => {
    const id = await queueSms(t.database.db, { to: "+6284444444444", body: "Kode 111222" });
    expect(await deliveryOf(id)).toMatchObject({ status: "queued", body: "Kode 111222" });
    const now = new Date();
    await t.database.db.update(schema.deliveries).set({ status: "failed", updatedAt: new Date(now.getTime() - 91 * 86_400_000) }).where(eq(schema.deliveries.id, id));
    const recent = await queueSms(t.database.db, { to: "+6284444444445", body: "x" });
    await t.database.db.update(schema.deliveries).set({ status: "sent", updatedAt: new Date(now.getTime() - 89 * 86_400_000) }).where(eq(schema.deliveries.id, recent));
    const reported = await queueSms(t.database.db, { to: "+6284444444446", body: "y" });
    await t.database.db.update(schema.deliveries).set({ status: "delivered", updatedAt: new Date(now.getTime() - 91 * 86_400_000) }).where(eq(schema.deliveries.id, reported));
    expect(await pruneDeliveries(t.database.db, now)).toBe(2);
    expect(await t.database.db.select().from(schema.deliveries).where(eq(schema.deliveries.id, id))).toEqual([]);
    expect(await t.database.db.select().from(schema.deliveries).where(eq(schema.deliveries.id, reported))).toEqual([]);
    expect((await deliveryOf(recent)).status).toBe("sent");
  });

  it("stops pushing to a token FCM no longer knows: the delivery fails and the device is deactivated", async () => {
    const [sari] = await t.database.db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, "sari@pinjaman.test"));
    await t.database.db.insert(schema.devices).values({ customerId: sari!.id, identifier: sari!.id, typeKey: "mobile", token: "uninstalled", tokenType: "firebase", operatingSystem: "android" });
    const answer = google.answer;
    google.answer = (r) =>
      r.path === "/token" ? answer(r) : { status: 404, json: { error: { status: "NOT_FOUND", message: "Requested entity was not found.", details: [{ errorCode: "UNREGISTERED" }] } } };
    await pushToCustomer(t.app.db, t.app.push, sari!.id, { title: "Pinjaman", body: "Halo" });
    await t.app.settled();
    google.answer = answer;
    expect(await latestDelivery("push")).toMatchObject({ status: "failed", attempts: 1, recipient: "uninstalled", lastError: "FCM HTTP 404 UNREGISTERED: Requested entity was not found." });
    const [device] = await t.database.db.select().from(schema.devices).where(eq(schema.devices.token, "uninstalled"));
    expect(device!.deactivatedAt).toBeInstanceOf(Date);
    expect(await pushToCustomer(t.app.db, t.app.push, sari!.id, { title: "Pinjaman", body: "Lagi" })).toBe(0);
  });
});
