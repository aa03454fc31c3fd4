import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

describe("chat inbox: the launcher's messages answered by staff", () => {
  let t: TestApp;
  let operator: TestSession;
  let budi: TestSession;
  beforeAll(async () => {
    t = await testApp();
    operator = await sessionFor(t.database.db, "operator@pinjaman.test");
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
  });
  afterAll(() => t.close());

  const send = (payload: unknown, ip = "198.51.100.10") =>
    t.app.inject({ method: "POST", url: "/pub_api/v1/open/support_requests", payload: payload as object, remoteAddress: ip });
  const lookup = (tokens: unknown) => t.app.inject({ method: "POST", url: "/pub_api/v1/open/support_requests/lookup", payload: { data: { tokens } } });
  const inbox = (who: TestSession, status = "open") => t.app.inject({ method: "GET", url: `/app_api/v1/staff/support_requests?status=${status}`, headers: who.headers });
  const answer = (who: TestSession, id: number | string, body: unknown) =>
    t.app.inject({ method: "POST", url: `/app_api/v1/staff/support_requests/${id}/answers`, headers: who.headers, payload: { data: { body } } });

  it("answers a message: stored, shown to the panel by its token, e-mailed to the contact, recorded", async () => {
    const sent = await send({ data: { name: "Siti Rahayu", contact: "siti@example.co.id", message: "Bagaimana cara melunasi lebih cepat?", page_path: "/faq" } });
    expect(sent.statusCode).toBe(201);
    const { id, reference, access_token } = sent.json().data;
    expect(access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.database.db.select().from(schema.supportRequests).where(eq(schema.supportRequests.id, id));
    expect(stored?.accessTokenHash).not.toBe(access_token);

    const waiting = (await lookup([access_token])).json().data;
    expect(waiting).toEqual([{ reference, message: "Bagaimana cara melunasi lebih cepat?", status: "open", created_at: expect.any(String), answers: [] }]);

    const open = (await inbox(operator)).json().data;
    expect(open.map((m: { reference: string }) => m.reference)).toContain(reference);
    expect(open.find((m: { id: number }) => m.id === id)).toMatchObject({ name: "Siti Rahayu", contact: "siti@example.co.id", page_path: "/faq", status: "open" });

    const text = "Anda dapat melunasi kapan saja dari halaman pinjaman dengan tombol Bayar.";
    const res = await answer(operator, id, text);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ id, reference, status: "answered", delivered_to: "email", answers: [{ body: text }] });

    const mails = await t.database.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.recipient, "siti@example.co.id"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Jawaban layanan pelanggan Pinjaman untuk ${reference}`);
    expect(mails[0]?.body).toContain(`Halo Siti Rahayu,`);
    expect(mails[0]?.body).toContain(text);

    const answered = (await lookup([access_token, "A".repeat(43)])).json().data;
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ reference, status: "answered", answers: [{ id: expect.any(Number), body: text, created_at: expect.any(String) }] });
    expect((await inbox(operator)).json().data.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await inbox(operator, "answered")).json().data.map((m: { id: number }) => m.id)).toContain(id);

    const [action] = await t.database.db.select().from(schema.staffActions).where(eq(schema.staffActions.action, "support_request.answer"));
    expect(action).toMatchObject({ staffId: operator.customerId, permission: "chat.answer", subjectType: "support_request", subjectId: String(id), before: { status: "open" }, after: { status: "answered" } });
  });

  it("sends the answer by SMS when the contact is a phone number", async () => {
    const { id } = (await send({ data: { name: "Andi Wijaya", contact: "081200011122", message: "Apakah bisa menunda cicilan?" } }, "198.51.100.11")).json().data;
    const res = await answer(operator, id, "Silakan ajukan penjadwalan ulang dari halaman pinjaman Anda.");
    expect(res.json().data.delivered_to).toBe("sms");
    const [sms] = await t.database.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.recipient, "081200011122"));
    expect(sms?.channel).toBe("sms");
    expect(sms?.body).toMatch(/^Pinjaman CS-\d{6}: Silakan ajukan penjadwalan ulang/);
  });

  it("refuses a short answer, an unknown message and bad lookups with 4xx, changing nothing", async () => {
    const { id } = (await send({ data: { name: "Rina Lubis", contact: "rina@example.co.id", message: "Pesan yang belum dijawab" } }, "198.51.100.12")).json().data;
    const before = await rowCounts(t.database);
    const short = await answer(operator, id, "ok");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ body: ["Minimal 5 karakter"] });
    const unknown = await answer(operator, 999999, "Jawaban untuk pesan yang tidak ada");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Pesan chat tidak ditemukan.");
    expect((await answer(operator, "abc", "Jawaban untuk id yang salah")).statusCode).toBe(400);
    expect((await lookup([])).statusCode).toBe(400);
    expect((await lookup(["pendek"])).statusCode).toBe(400);
    expect((await inbox(operator, "semua")).statusCode).toBe(400);
    expect(await rowCounts(t.database)).toEqual({ ...before, staff_actions: before.staff_actions });
    expect((await answer(budi, id, "Jawaban dari nasabah")).statusCode).toBe(403);
  });
});
