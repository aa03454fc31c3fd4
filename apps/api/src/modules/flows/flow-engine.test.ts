import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor } from "../identity/test-sessions.ts";
import { responseCookie } from "../authentication/auth-test-kit.ts";

const PUB = "/pub_api/v1/open";
const APP = "/app_api/v1";
const browser = { "x-locale": "id" };

describe("flow engine", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  async function startOnboarding() {
    const res = await t.app.inject({ method: "POST", url: `${PUB}/flows/spl_onboarding/flow_progresses`, payload: { data: {} } });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; step: { key: string; fields: { key: string; current_value: unknown; rangeValues: number[] | null }[] } };
  }

  it("lists the public flows to a visitor and the customer flows once logged in", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: `${APP}/flows` });
    expect(anonymous.json().data.map((f: { key: string }) => f.key)).toEqual(["spl_onboarding", "bni_payroll_loan_plus_payroll_loan", "alumak_onboarding", "lender_onboarding"]);
    const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const logged = await t.app.inject({ method: "GET", url: `${APP}/flows`, headers: budi.headers });
    expect(logged.json().data.map((f: { key: string }) => f.key)).toContain("profile_change");
    expect(logged.json().data.map((f: { key: string }) => f.key)).toContain("voice_ai_bizbaz");
    expect(logged.json().data.map((f: { key: string }) => f.key)).not.toContain("change_payment_channel");
  });

  it("previews step one without storing anything", async () => {
    const before = await rowCounts(t.database);
    const res = await t.app.inject({ method: "GET", url: `${PUB}/flows/spl_onboarding/flow_progresses/new` });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.flow).toEqual({ key: "spl_onboarding", name: "Pengajuan Pinjaman Cicilan", audience: "public", product_key: "spl" });
    expect(body.steps_count).toBe(11);
    expect(body.step.template).toBe("calculator");
    const amount = body.step.fields.find((f: { key: string }) => f.key === "amount");
    expect(amount.current_value).toBe(500_000);
    expect(amount.rangeValues[0]).toBe(500_000);
    expect(amount.rangeValues.at(-1)).toBe(20_000_000);
    expect(amount.rangeValues).toHaveLength(40);
    expect(body.step.movements).toEqual([{ id: "next", label: "Lanjutkan", direction: "forward" }]);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("refuses a customer flow to a visitor and an unknown flow", async () => {
    expect((await t.app.inject({ method: "POST", url: `${PUB}/flows/profile_change/flow_progresses`, payload: { data: {} } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: `${APP}/flows/profile_change/flow_progresses`, headers: browser, payload: { data: {} } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `${APP}/flows/no_such_flow/flow_progresses/new` })).statusCode).toBe(404);
  });

  it("saves values on every PATCH and resumes them on edit", async () => {
    const progress = await startOnboarding();
    const saved = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${progress.id}`, headers: browser, payload: { data: { values: { amount: 3_000_000, term: 6 } } } });
    expect(saved.statusCode).toBe(200);
    const edit = await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${progress.id}/edit` });
    const fields = edit.json().data.step.fields as { key: string; current_value: unknown }[];
    expect(fields.map((f) => [f.key, f.current_value])).toEqual([
      ["amount", 3_000_000],
      ["term", 6],
    ]);
  });

  it("refuses a value for a field that is not on the current step", async () => {
    const progress = await startOnboarding();
    const before = await rowCounts(t.database);
    const res = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${progress.id}`, headers: browser, payload: { data: { values: { email: "a@b.co" } } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: ["Isian ini tidak ada pada langkah ini."] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("refuses an invalid move with messages per field and does not move", async () => {
    const progress = await startOnboarding();
    const res = await t.app.inject({
      method: "PATCH",
      url: `${APP}/flow_progresses/${progress.id}/move/next`,
      headers: browser,
      payload: { data: { values: { amount: 750_000, term: 13 } } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["amount", "term"]);
    const [row] = await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, progress.id));
    expect(row?.currentStep).toBe("calculator");
    expect(row?.values).toEqual({});
    expect(row?.history).toEqual([]);
  });

  it("moves forward, records the movement, goes back, and a repeated click changes nothing", async () => {
    const progress = await startOnboarding();
    const move = (movement: string, from: string, values = {}) =>
      t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${progress.id}/move/${movement}`, headers: browser, payload: { data: { values, from_step: from } } });
    const forward = await move("next", "calculator", { amount: 2_000_000, term: 7 });
    expect(forward.statusCode).toBe(200);
    expect(forward.json().data.step.key).toBe("account");
    expect(forward.json().data.step_index).toBe(1);
    const again = await move("next", "calculator", { amount: 2_000_000, term: 7 });
    expect(again.json().data.step.key).toBe("account");
    const back = await move("back", "account");
    expect(back.json().data.step.key).toBe("calculator");
    const [row] = await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, progress.id));
    expect(row?.history.map((h) => [h.movement_id, h.from, h.to])).toEqual([
      ["next", "calculator", "account"],
      ["back", "account", "calculator"],
    ]);
  });

  it("creates the customer on the account step, logs them in and never stores the password", async () => {
    const progress = await startOnboarding();
    await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${progress.id}/move/next`, headers: browser, payload: { data: { values: { amount: 1_000_000, term: 3 } } } });
    const taken = await t.app.inject({
      method: "PATCH",
      url: `${APP}/flow_progresses/${progress.id}/move/next`,
      headers: browser,
      payload: { data: { values: { email: "budi@pinjaman.test", phone: "+6281234567890", password: "rahasia-Kuat-2026" } } },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.fields.email).toEqual(["E-mail ini sudah terdaftar. Silakan masuk dengan akun Anda."]);

    const res = await t.app.inject({
      method: "PATCH",
      url: `${APP}/flow_progresses/${progress.id}/move/next`,
      headers: browser,
      payload: { data: { values: { email: "Wati@Contoh.co.id", phone: "+6281234567890", password: "rahasia-Kuat-2026" } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.step.key).toBe("personal");
    const cookie = responseCookie(res, "client");
    expect(cookie?.httpOnly).toBe(true);
    expect(res.json().session).not.toHaveProperty("token");
    const [customer] = await t.database.db.select().from(schema.customers).where(eq(schema.customers.email, "wati@contoh.co.id"));
    expect(customer?.phone).toBe("+6281234567890");
    const [row] = await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, progress.id));
    expect(row?.customerId).toBe(customer?.id);
    expect(JSON.stringify(row?.values)).not.toContain("rahasia");

    // The progress now belongs to that customer: without their session it is not found.
    expect((await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${progress.id}/edit` })).statusCode).toBe(404);
    const withCookie = await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${progress.id}/edit`, cookies: { client: cookie?.value ?? "" } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.json().data.step.key).toBe("personal");
    // Personal data has no way back to the account step.
    expect(withCookie.json().data.step.movements.map((m: { id: string }) => m.id)).toEqual(["next"]);
  });

  it("gives a native client (X-Client: native) the new session's token on the account step, to call with X-Authorization", async () => {
    const progress = await startOnboarding();
    const native = { ...browser, "x-client": "native" };
    await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${progress.id}/move/next`, headers: native, payload: { data: { values: { amount: 1_000_000, term: 3 } } } });
    const res = await t.app.inject({
      method: "PATCH",
      url: `${APP}/flow_progresses/${progress.id}/move/next`,
      headers: native,
      payload: { data: { values: { email: "native.app@contoh.co.id", phone: "+6281234567891", password: "rahasia-Kuat-2026" } } },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json().session;
    expect(token).toEqual(expect.any(String));
    const edit = await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${progress.id}/edit`, headers: { "x-authorization": token } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.step.key).toBe("personal");
  });

  it("answers 404 for someone else's progress", async () => {
    const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const sari = await sessionFor(t.database.db, "sari@pinjaman.test");
    const created = await t.app.inject({ method: "POST", url: `${APP}/flows/profile_change/flow_progresses`, headers: budi.headers, payload: { data: {} } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${id}/edit`, headers: sari.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}`, headers: sari.headers, payload: { data: { values: { phone: "+628111" } } } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${id}/edit`, headers: budi.headers })).statusCode).toBe(200);
  });

  it("starting a flow again discards the customer's older open progress", async () => {
    const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const first = (await t.app.inject({ method: "POST", url: `${APP}/flows/voice_ai_bizbaz/flow_progresses`, headers: budi.headers, payload: { data: {} } })).json().data.id;
    const second = (await t.app.inject({ method: "POST", url: `${APP}/flows/voice_ai_bizbaz/flow_progresses`, headers: budi.headers, payload: { data: {} } })).json().data.id;
    const list = await t.app.inject({ method: "GET", url: `${APP}/flow_progresses?flow_key=voice_ai_bizbaz`, headers: budi.headers });
    const statuses = Object.fromEntries(list.json().data.map((p: { id: string; status: string }) => [p.id, p.status]));
    expect(statuses[first]).toBe("cancelled");
    expect(statuses[second]).toBe("in_progress");
  });

  it("expires a progress 2000 minutes after its last change", async () => {
    const progress = await startOnboarding();
    const [row] = await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, progress.id));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.updatedAt.getTime() ?? 0);
    expect(lifetime).toBe(2000 * 60_000);
    await t.database.db.update(schema.flowProgresses).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.flowProgresses.id, progress.id));
    const save = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${progress.id}`, headers: browser, payload: { data: { values: { amount: 1_000_000 } } } });
    expect(save.statusCode).toBe(410);
    const res = await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${progress.id}/edit` });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toBe("Pengajuan ini sudah kedaluwarsa. Silakan mulai lagi.");
    const [expired] = await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, progress.id));
    expect(expired?.status).toBe("expired");
  });

  it("runs a voice flow with its check block to completion and keeps the recording id", async () => {
    const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const id = (await t.app.inject({ method: "POST", url: `${APP}/flows/voice_ai_bizbaz/flow_progresses`, headers: budi.headers, payload: { data: {} } })).json().data.id;
    const refused = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: budi.headers, payload: { data: {} } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.fields)).toEqual(["bizbaz_audio_id"]);
    const check = () => t.app.inject({ method: "POST", url: `${APP}/flow_progresses/${id}/actions`, headers: budi.headers, payload: { data: { action: "check_voice_recording" } } });

    // An id the voice provider does not hold for this progress is reported missing.
    await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: budi.headers, payload: { data: { values: { bizbaz_audio_id: "rec-unknown" } } } });
    expect((await check()).json().data.step.data.result).toEqual({ status: "missing", recording_id: null, message: "Rekaman suara belum ada. Kembali dan rekam terlebih dahulu." });
    await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/back`, headers: budi.headers, payload: { data: {} } });

    const audio = new FormData();
    audio.append("flow_progress_id", id);
    audio.append("file", new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: "audio/webm" }), "rekaman.webm");
    const request = new Request("http://localhost/", { method: "POST", body: audio });
    const recorded = await t.app.inject({
      method: "POST",
      url: `${PUB}/integrations/voice/recordings`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { ...budi.headers, "content-type": request.headers.get("content-type") ?? "" },
    });
    expect(recorded.statusCode).toBe(201);
    const recordingId = recorded.json().id as string;
    const moved = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: budi.headers, payload: { data: { values: { bizbaz_audio_id: recordingId } } } });
    expect(moved.json().data.step.template).toBe("test_api_block");
    expect((await t.app.inject({ method: "POST", url: `${APP}/flow_progresses/${id}/actions`, headers: budi.headers, payload: { data: { action: "no_such" } } })).statusCode).toBe(404);
    expect((await check()).json().data.step.data.result).toEqual({ status: "received", recording_id: recordingId, message: "Rekaman suara Anda sudah kami terima." });
    const done = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: budi.headers, payload: { data: {} } });
    expect(done.json().data.status).toBe("completed");
    expect(done.json().data.step.template).toBe("end_flow");
    expect(done.json().data.completed_redirect).toBe("/profile");
    expect((await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}`, headers: budi.headers, payload: { data: { values: {} } } })).statusCode).toBe(409);
  });
});
