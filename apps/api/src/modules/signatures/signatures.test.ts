import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { expectSecondsLeft } from "../../../test/seconds-left.ts";
import { auditTypes, createCustomer, lastCode, logIn, messagesTo, wrongCode, type TestCustomer } from "../authentication/auth-test-kit.ts";
import { isSigned } from "./signature-service.ts";

const PHONE = "+6281234567890";
let phones = 0;
/** A phone of its own for each signer, so counting one's messages counts only theirs. */
const nextPhone = () => `+62813000${String(++phones).padStart(5, "0")}`;

describe("signatures: the code confirmation the flows sign contracts with", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  type Who = { customer: TestCustomer; cookie: string };
  async function signer(phone: string | null = nextPhone()): Promise<Who> {
    const customer = await createCustomer(t.database.db, { phone });
    const session = await logIn(t.app, t.database.db, customer);
    return { customer, cookie: session.cookie };
  }
  const call = (who: Who | null, method: "GET" | "POST" | "PATCH", url: string, data?: object) =>
    t.app.inject({
      method,
      url: `/authy_api/v1${url}`,
      headers: { "x-locale": "id" },
      ...(who ? { cookies: { client: who.cookie } } : {}),
      ...(data ? { payload: { data } } : {}),
    });
  const start = (who: Who, subject = "kontrak:PJ-2025-0001") => call(who, "POST", "/authentication_methods/sms/signatures", { subject });
  const smsCode = async (who: Who) => lastCode(t.database.db, who.customer.phone ?? who.customer.email);

  it("sends a code by SMS, signs with the right one and records it", async () => {
    const who = await signer(PHONE);
    const res = await start(who);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.any(String),
      status: "code_sent",
      step: "code",
      subject: "kontrak:PJ-2025-0001",
      code_sent_to: "+62*******7890",
      resend_after: 60,
      signed_at: null,
    });
    const [sms] = await messagesTo(t.database.db, PHONE, "sms");
    const code = await smsCode(who);
    expect(sms?.body).toBe(`Kode tanda tangan elektronik Pinjaman Anda: ${code}. Berlaku 10 menit. Jangan berikan kode ini kepada siapa pun.`);

    const poll = await call(who, "GET", `/signatures/${data.id}/poll`);
    expect(poll.statusCode).toBe(200);
    expect(poll.json().data.status).toBe("code_sent");

    const signingFrom = Date.now();
    const signed = await call(who, "PATCH", `/signatures/${data.id}/code`, { code });
    const signingTo = Date.now();
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data).toMatchObject({ id: data.id, status: "signed", subject: "kontrak:PJ-2025-0001" });
    // Signed during the call (a time stamp is sent with whole milliseconds or finer).
    const signedAt = new Date(signed.json().data.signed_at).getTime();
    expect(signedAt).toBeGreaterThanOrEqual(signingFrom);
    expect(signedAt).toBeLessThanOrEqual(signingTo);
    expect(signed.json().data.code_sent_to).toBeUndefined();
    expect(await isSigned(t.database.db, { id: data.id, customerId: who.customer.id, subject: "kontrak:PJ-2025-0001" })).toBe(true);
    expect(await isSigned(t.database.db, { id: data.id, customerId: who.customer.id, subject: "kontrak:lain" })).toBe(false);
    expect((await auditTypes(t.database.db, who.customer.id)).slice(-2)).toEqual(["code_sent", "signature_signed"]);

    const again = await call(who, "PATCH", `/signatures/${data.id}/code`, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "signature_closed", message: "Tanda tangan ini sudah selesai dan tidak dapat diubah." });
  });

  it("mails the code when the customer has no phone", async () => {
    const who = await signer(null);
    const res = await start(who);
    expect(res.json().data.code_sent_to).toBe("n***@pinjaman.test");
    const [mail] = await messagesTo(t.database.db, who.customer.email);
    expect(mail?.subject).toBe("Kode tanda tangan elektronik Pinjaman");
    const code = await lastCode(t.database.db, who.customer.email);
    expect((await call(who, "PATCH", `/signatures/${res.json().data.id}/code`, { code })).statusCode).toBe(200);
  });

  it("answers a wrong code with 422 and the attempts left, and fails the signature at the 5th", async () => {
    const who = await signer();
    const id = (await start(who)).json().data.id;
    const code = await smsCode(who);
    for (let left = 4; left >= 1; left--) {
      const res = await call(who, "PATCH", `/signatures/${id}/code`, { code: wrongCode(code) });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual({ code: [`Kode salah. Sisa percobaan: ${left}.`] });
    }
    const last = await call(who, "PATCH", `/signatures/${id}/code`, { code: wrongCode(code) });
    expect(last.statusCode).toBe(410);
    expect(last.json().error).toEqual({ code: "signature_failed", message: "Kode salah 5 kali. Demi keamanan, silakan mulai tanda tangan kembali." });
    expect((await call(who, "PATCH", `/signatures/${id}/code`, { code })).statusCode).toBe(410);
    expect((await call(who, "GET", `/signatures/${id}/poll`)).json().data).toMatchObject({ status: "failed", signed_at: null });
    expect(await isSigned(t.database.db, { id, customerId: who.customer.id, subject: "kontrak:PJ-2025-0001" })).toBe(false);
  });

  it("refuses an expired code with 410", async () => {
    const who = await signer();
    const id = (await start(who)).json().data.id;
    const code = await smsCode(who);
    await t.database.db.update(schema.signatures).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(schema.signatures.id, id));
    const res = await call(who, "PATCH", `/signatures/${id}/code`, { code });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe("code_expired");
    const [row] = await t.database.db.select().from(schema.signatures).where(eq(schema.signatures.id, id));
    expect(row?.status).toBe("code_sent");
    expect(row?.codeAttempts).toBe(0);
  });

  it("expires a signature left open for 30 minutes", async () => {
    const who = await signer();
    const id = (await start(who)).json().data.id;
    await t.database.db.update(schema.signatures).set({ createdAt: new Date(Date.now() - 31 * 60_000) }).where(eq(schema.signatures.id, id));
    expect((await call(who, "GET", `/signatures/${id}/poll`)).json().data.status).toBe("expired");
    const res = await call(who, "PATCH", `/signatures/${id}/code`, { code: await smsCode(who) });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe("signature_expired");
  });

  it("resends only after 60 s (429 with Retry-After before); the new code works and the attempts restart", async () => {
    const who = await signer();
    const sentFrom = Date.now();
    const id = (await start(who)).json().data.id;
    const first = await smsCode(who);
    expect((await call(who, "PATCH", `/signatures/${id}/code`, { code: wrongCode(first) })).statusCode).toBe(422);
    const early = await call(who, "PATCH", `/signatures/${id}/resend_code`);
    expect(early.statusCode).toBe(429);
    expectSecondsLeft(Number(early.headers["retry-after"]), sentFrom + 60_000, sentFrom);
    expect(early.json().error.code).toBe("resend_too_early");
    expect(await messagesTo(t.database.db, who.customer.phone ?? "", "sms")).toHaveLength(1);

    await t.database.db.update(schema.signatures).set({ codeSentAt: new Date(Date.now() - 60_000) }).where(eq(schema.signatures.id, id));
    const resent = await call(who, "PATCH", `/signatures/${id}/resend_code`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ status: "code_sent", resend_after: 60, code_sent_to: `+62*******${who.customer.phone?.slice(-4)}` });
    expect(await messagesTo(t.database.db, who.customer.phone ?? "", "sms")).toHaveLength(2);
    const [row] = await t.database.db.select().from(schema.signatures).where(eq(schema.signatures.id, id));
    expect(row?.codeAttempts).toBe(0);
    const second = await smsCode(who);
    expect((await call(who, "PATCH", `/signatures/${id}/code`, { code: second })).statusCode).toBe(200);
  });

  it("records the signing step while open, and refuses a step name that is not snake_case", async () => {
    const who = await signer();
    const id = (await start(who)).json().data.id;
    const res = await call(who, "PATCH", `/signatures/${id}/step`, { step: "document_read" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.step).toBe("document_read");
    expect((await call(who, "GET", `/signatures/${id}/poll`)).json().data.step).toBe("document_read");
    const bad = await call(who, "PATCH", `/signatures/${id}/step`, { step: "Baca Dokumen" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ step: ["Langkah tanda tangan tidak dikenal."] });
    await call(who, "PATCH", `/signatures/${id}/code`, { code: await smsCode(who) });
    expect((await call(who, "PATCH", `/signatures/${id}/step`, { step: "code" })).statusCode).toBe(409);
  });

  it("keeps a signature its own customer's: anyone else gets 404 on every call, and nothing changes", async () => {
    const owner = await signer();
    const other = await signer();
    const id = (await start(owner)).json().data.id;
    const code = await smsCode(owner);
    const before = await rowCounts(t.database);
    const calls = [
      call(other, "GET", `/signatures/${id}/poll`),
      call(other, "PATCH", `/signatures/${id}/step`, { step: "document_read" }),
      call(other, "PATCH", `/signatures/${id}/code`, { code }),
      call(other, "PATCH", `/signatures/${id}/resend_code`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: "signature_not_found", message: "Tanda tangan tidak ditemukan." });
    }
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await call(owner, "PATCH", `/signatures/${id}/code`, { code })).statusCode).toBe(200);
  });

  it("needs a session (401) and a known method (404)", async () => {
    const who = await signer();
    const anonymous = await call(null, "POST", "/authentication_methods/sms/signatures", { subject: "kontrak:x" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("not_authenticated");
    expect((await call(null, "GET", "/signatures/00000000-0000-4000-8000-000000000000/poll")).statusCode).toBe(401);
    const method = await call(who, "POST", "/authentication_methods/peruri/signatures", { subject: "kontrak:x" });
    expect(method.statusCode).toBe(404);
    expect(method.json().error.code).toBe("method_not_found");
    expect((await call(who, "POST", "/authentication_methods/sms/signatures", { subject: "" })).statusCode).toBe(400);
  });

  it("limits new signatures to 10 per customer in 15 minutes", async () => {
    const who = await signer();
    const windowFrom = Date.now();
    for (let i = 0; i < 10; i++) expect((await start(who, `kontrak:${i}`)).statusCode).toBe(201);
    const refused = await start(who, "kontrak:11");
    expect(refused.statusCode).toBe(429);
    expectSecondsLeft(Number(refused.headers["retry-after"]), windowFrom + 15 * 60_000, windowFrom);
    expect(refused.json().error.message).toBe("Terlalu banyak permintaan kode tanda tangan. Silakan coba lagi dalam 15 menit.");
    expect(await messagesTo(t.database.db, who.customer.phone ?? "", "sms")).toHaveLength(10);
  });
});
