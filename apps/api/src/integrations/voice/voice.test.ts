import { describe, expect, it, vi } from "vitest";
import { rowCounts } from "../../../test/harness.ts";
import { sessionFor } from "../../modules/identity/test-sessions.ts";
import { appWithProgress, insertFlowProgress } from "../test-progress.ts";
import { sandboxVoice, VOICE_MAX_BYTES } from "./voice-adapter.ts";

const URL = "/pub_api/v1/open/integrations/voice/recordings";

const env = appWithProgress();

/** Serialises a FormData the way a browser sends it. */
async function multipart(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type")! } };
}

function form(parts: { file?: { bytes: Uint8Array<ArrayBuffer>; type: string; name?: string }; flow_progress_id?: string }): FormData {
  const data = new FormData();
  if (parts.flow_progress_id !== undefined) data.append("flow_progress_id", parts.flow_progress_id);
  if (parts.file) data.append("file", new Blob([parts.file.bytes], { type: parts.file.type }), parts.file.name ?? "voice.webm");
  return data;
}

async function post(data: FormData) {
  const body = await multipart(data);
  return env.ctx.app.inject({ method: "POST", url: URL, ...body });
}

describe(`POST ${URL}`, () => {
  it("stores an audio file of an open progress and answers its id", async () => {
    const response = await post(form({ flow_progress_id: env.progressId, file: { bytes: new Uint8Array([1, 2, 3, 4]), type: "audio/webm" } }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts a file exactly at 2 MB and refuses one byte more with 413", async () => {
    const ok = await post(form({ flow_progress_id: env.progressId, file: { bytes: new Uint8Array(VOICE_MAX_BYTES), type: "audio/ogg" } }));
    expect(ok.statusCode).toBe(201);
    const tooBig = await post(form({ flow_progress_id: env.progressId, file: { bytes: new Uint8Array(VOICE_MAX_BYTES + 1), type: "audio/ogg" } }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      error: { code: "payload_too_large", message: "Rekaman terlalu besar. Maksimal 2 MB.", fields: { file: ["Rekaman terlalu besar. Maksimal 2 MB."] } },
    });
  });

  it("refuses a file that is not audio", async () => {
    const response = await post(form({ flow_progress_id: env.progressId, file: { bytes: new Uint8Array([1]), type: "image/png", name: "x.png" } }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ file: ["Rekaman harus berupa berkas audio"] });
  });

  it("refuses a missing file and a missing progress id with messages per field", async () => {
    const response = await post(form({}));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      file: ["Berkas rekaman wajib dikirim"],
      flow_progress_id: ["flow_progress_id wajib diisi"],
    });
  });

  it("answers 404 for an unknown, malformed, completed or expired progress and stores nothing", async () => {
    const completed = await insertFlowProgress(env.ctx.database.db, { status: "completed" });
    const expired = await insertFlowProgress(env.ctx.database.db, { expiresAt: new Date(Date.now() - 1000) });
    const before = await rowCounts(env.ctx.database);
    for (const id of ["7d1f0c1e-8f7a-4b55-9d2e-3a8c1b2d4e5f", "not-a-uuid", completed, expired]) {
      const response = await post(form({ flow_progress_id: id, file: { bytes: new Uint8Array([1]), type: "audio/webm" } }));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: "flow_progress_not_found", message: "Formulir tidak ditemukan" });
    }
    expect(await rowCounts(env.ctx.database)).toEqual(before);
  });

  it("refuses a JSON body with 415", async () => {
    const response = await env.ctx.app.inject({ method: "POST", url: URL, payload: { flow_progress_id: env.progressId } });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("unsupported_media_type");
  });
});

describe("sandboxVoice", () => {
  it("keeps the audio and forgets the oldest beyond its capacity", async () => {
    const voice = sandboxVoice(2);
    const first = await voice.store({ flowProgressId: "p", filename: "a.webm", mimeType: "audio/webm", bytes: Buffer.from([9]) });
    const second = await voice.store({ flowProgressId: "p", filename: "b.webm", mimeType: "audio/webm", bytes: Buffer.from([8, 7]) });
    expect(voice.bytes(first.id)).toEqual(Buffer.from([9]));
    expect((await voice.find(second.id))?.size).toBe(2);
    await voice.store({ flowProgressId: "p", filename: "c.webm", mimeType: "audio/webm", bytes: Buffer.from([1]) });
    expect(await voice.find(first.id)).toBeNull();
    expect(await voice.find(second.id)).not.toBeNull();
  });
});

describe(`POST ${URL} for a signed-in customer's progress`, () => {
  it("stores only for that customer: anonymous or another customer gets 404 and nothing is stored", async () => {
    const db = env.ctx.database.db;
    const budi = await sessionFor(db, "budi@pinjaman.test");
    const sari = await sessionFor(db, "sari@pinjaman.test");
    const progressId = await insertFlowProgress(db, { customerId: budi.customerId });
    const store = vi.spyOn(env.ctx.app.voice, "store");
    const send = async (headers: Record<string, string>) => {
      const body = await multipart(form({ flow_progress_id: progressId, file: { bytes: new Uint8Array([1, 2]), type: "audio/webm" } }));
      return env.ctx.app.inject({ method: "POST", url: URL, payload: body.payload, headers: { ...body.headers, ...headers } });
    };
    const before = await rowCounts(env.ctx.database);
    const strangers: Record<string, string>[] = [{}, sari.headers, { cookie: budi.cookie }];
    for (const headers of strangers) {
      const refused = await send(headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toEqual({ code: "flow_progress_not_found", message: "Formulir tidak ditemukan" });
    }
    expect(store).not.toHaveBeenCalled();
    expect(await rowCounts(env.ctx.database)).toEqual(before);

    expect((await send(budi.headers)).statusCode).toBe(201);
    expect((await send({ cookie: budi.cookie, "x-locale": "id" })).statusCode).toBe(201);
    expect(store).toHaveBeenCalledTimes(2);
    store.mockRestore();
  });
});
