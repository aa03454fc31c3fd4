import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { queueSms } from "./deliveries.ts";
import { validNotifySecret } from "./report-routes.ts";

const SECRET = "infobip-notify-secret-for-the-tests-0123";
const HOOK = "/pub_api/v1/infobip/delivery_reports";

let t: TestApp;

beforeAll(async () => {
  t = await testApp({ INFOBIP_NOTIFY_SECRET: SECRET });
});

afterAll(() => t.close());

/** An SMS Infobip accepted as `messageId` (what attemptDelivery records). */
async function sentSms(messageId: string): Promise<string> {
  const id = await queueSms(t.app.db, { to: "+6281234567890", body: "" });
  await t.app.db.update(schema.deliveries).set({ status: "sent", provider: "infobip", providerMessageId: messageId, sentAt: new Date(), attempts: 1 }).where(eq(schema.deliveries.id, id));
  return id;
}

async function deliveryOf(id: string) {
  const [row] = await t.app.db.select().from(schema.deliveries).where(eq(schema.deliveries.id, id));
  return row!;
}

function report(messageId: string, groupName: string, name: string, description: string, error?: { name: string; description: string }) {
  return {
    bulkId: "bulk-1",
    messageId,
    to: "6281234567890",
    sentAt: "2026-05-04T10:15:00.000+0000",
    doneAt: "2026-05-04T10:15:07.250+0000",
    smsCount: 1,
    price: { pricePerMessage: 0.01, currency: "EUR" },
    status: { groupId: { PENDING: 1, UNDELIVERABLE: 2, DELIVERED: 3, EXPIRED: 4, REJECTED: 5 }[groupName], groupName, id: 5, name, description },
    error: { groupId: 0, groupName: "OK", id: 0, name: error?.name ?? "NO_ERROR", description: error?.description ?? "No Error", permanent: false },
  };
}

function post(body: unknown, secret: string | null = SECRET) {
  const url = secret === null ? HOOK : `${HOOK}?secret=${encodeURIComponent(secret)}`;
  return t.app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });
}

describe("POST pub_api/v1/infobip/delivery_reports", () => {
  it("refuses a missing or wrong secret with 401 before reading the body, and changes nothing", async () => {
    const id = await sentSms("ib-secret");
    const body = { results: [report("ib-secret", "DELIVERED", "DELIVERED_TO_HANDSET", "Message delivered to handset")] };
    const answers = [await post(body, null), await post(body, ""), await post(body, `${SECRET}x`), await post(body, SECRET.slice(0, -1)), await post({ results: "nope" }, "wrong")];
    for (const res of answers) expect([res.statusCode, res.json().error.code]).toEqual([401, "invalid_secret"]);
    expect(answers[0]!.json().error.message).toBe("Rahasia laporan pengiriman tidak valid.");
    // The secret in a header instead of the query is not read.
    const header = await t.app.inject({ method: "POST", url: HOOK, headers: { "content-type": "application/json", secret: SECRET }, payload: JSON.stringify(body) });
    expect(header.statusCode).toBe(401);
    expect(await deliveryOf(id)).toMatchObject({ status: "sent", reportStatus: null, reportedAt: null });
  });

  it("answers a body that is not a report with 400 and field messages", async () => {
    const empty = await post({ results: [] });
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, "validation_failed"]);
    expect(Object.keys(empty.json().error.fields)).toEqual(["results"]);
    const wrong = await post({ results: [{ messageId: "", status: { name: "DELIVERED" }, doneAt: "yesterday" }] });
    expect(wrong.statusCode).toBe(400);
    const fields = wrong.json().error.fields as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual(["results.0.doneAt", "results.0.messageId", "results.0.status.groupName"]);
    expect(fields["results.0.doneAt"]).toEqual(["Format tidak valid"]);
    const impossible = await post({ results: [{ ...report("ib-x", "DELIVERED", "DELIVERED_TO_HANDSET", "ok"), doneAt: "2026-13-45T10:15:00.000+0000" }] });
    expect([impossible.statusCode, impossible.json().error.fields]).toEqual([400, { "results.0.doneAt": ["Isian tidak valid"] }]);
    const notJson = await t.app.inject({ method: "POST", url: `${HOOK}?secret=${SECRET}`, headers: { "content-type": "application/json" }, payload: "{not json" });
    expect(notJson.statusCode).toBe(400);
  });

  it("acknowledges a report of an unknown message with 200 and changes nothing", async () => {
    const id = await sentSms("ib-known");
    const res = await post({ results: [report("ib-never-sent-by-us", "DELIVERED", "DELIVERED_TO_HANDSET", "Message delivered to handset")] });
    expect([res.statusCode, res.json()]).toEqual([200, { data: { updated: 0, unchanged: 0, unknown: 1 } }]);
    expect(await deliveryOf(id)).toMatchObject({ status: "sent", reportStatus: null });
  });

  it("marks a delivered SMS delivered with the report's time; a replay changes nothing", async () => {
    const id = await sentSms("ib-delivered");
    const body = { results: [report("ib-delivered", "DELIVERED", "DELIVERED_TO_HANDSET", "Message delivered to handset")] };
    const first = await post(body);
    expect([first.statusCode, first.json()]).toEqual([200, { data: { updated: 1, unchanged: 0, unknown: 0 } }]);
    const after = await deliveryOf(id);
    expect(after).toMatchObject({ status: "delivered", reportStatus: "DELIVERED_TO_HANDSET", reportedAt: new Date("2026-05-04T10:15:07.250Z"), lastError: null });
    const replay = await post(body);
    expect(replay.json()).toEqual({ data: { updated: 0, unchanged: 1, unknown: 0 } });
    expect(await deliveryOf(id)).toEqual(after);
    // A failure reported after delivered does not take it back.
    const late = await post({ results: [report("ib-delivered", "EXPIRED", "EXPIRED_EXPIRED", "Message expired")] });
    expect(late.json().data).toEqual({ updated: 0, unchanged: 1, unknown: 0 });
    expect(await deliveryOf(id)).toEqual(after);
  });

  it("marks an undeliverable SMS undelivered with the provider's words; a replay changes nothing; a later DELIVERED wins", async () => {
    const id = await sentSms("ib-undeliverable");
    const body = {
      results: [report("ib-undeliverable", "UNDELIVERABLE", "UNDELIVERABLE_NOT_DELIVERED", "Message sent not delivered", { name: "EC_ABSENT_SUBSCRIBER", description: "Absent Subscriber" })],
    };
    expect((await post(body)).json().data).toEqual({ updated: 1, unchanged: 0, unknown: 0 });
    const after = await deliveryOf(id);
    expect(after).toMatchObject({
      status: "undelivered",
      reportStatus: "UNDELIVERABLE_NOT_DELIVERED",
      lastError: "Infobip report: UNDELIVERABLE UNDELIVERABLE_NOT_DELIVERED Message sent not delivered; error: EC_ABSENT_SUBSCRIBER Absent Subscriber",
      attempts: 1,
    });
    expect((await post(body)).json().data).toEqual({ updated: 0, unchanged: 1, unknown: 0 });
    expect(await deliveryOf(id)).toEqual(after);
    // Not queued again: the message was accepted, and the job only sends queued rows.
    expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const late = await post({ results: [{ ...report("ib-undeliverable", "DELIVERED", "DELIVERED_TO_HANDSET", "Message delivered to handset"), doneAt: "2026-05-04T11:00:00Z" }] });
    expect(late.json().data).toEqual({ updated: 1, unchanged: 0, unknown: 0 });
    expect(await deliveryOf(id)).toMatchObject({ status: "delivered", reportStatus: "DELIVERED_TO_HANDSET", reportedAt: new Date("2026-05-04T11:00:00Z") });
  });

  it("applies each report of a batch: expired and rejected fail, pending changes nothing", async () => {
    const [expired, rejected, pending] = [await sentSms("ib-expired"), await sentSms("ib-rejected"), await sentSms("ib-pending")];
    const res = await post({
      results: [
        report("ib-expired", "EXPIRED", "EXPIRED_EXPIRED", "Message expired"),
        report("ib-rejected", "REJECTED", "REJECTED_NETWORK", "Network is forbidden"),
        report("ib-pending", "PENDING", "PENDING_ENROUTE", "Message sent to next instance"),
        report("ib-nobody", "DELIVERED", "DELIVERED_TO_HANDSET", "Message delivered to handset"),
      ],
    });
    expect(res.json().data).toEqual({ updated: 2, unchanged: 1, unknown: 1 });
    expect(await deliveryOf(expired)).toMatchObject({ status: "undelivered", lastError: "Infobip report: EXPIRED EXPIRED_EXPIRED Message expired" });
    expect(await deliveryOf(rejected)).toMatchObject({ status: "undelivered", lastError: "Infobip report: REJECTED REJECTED_NETWORK Network is forbidden" });
    expect(await deliveryOf(pending)).toMatchObject({ status: "sent", reportStatus: null });
  });
});

describe("validNotifySecret", () => {
  it("accepts only the configured secret, and nothing when none is configured", () => {
    expect(validNotifySecret(SECRET, SECRET)).toBe(true);
    expect(validNotifySecret(`${SECRET} `, SECRET)).toBe(false);
    expect(validNotifySecret([SECRET], SECRET)).toBe(false);
    expect(validNotifySecret(undefined, SECRET)).toBe(false);
    expect(validNotifySecret("", undefined)).toBe(false);
    expect(validNotifySecret("anything", undefined)).toBe(false);
  });
});
