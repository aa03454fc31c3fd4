import { RECORDING_SECONDS } from "@pinjaman/domain/timings";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeContext, makeField, PROGRESS_ID } from "./field-test-kit.tsx";
import VoiceRecordingField, { VOICE_RECORDINGS_URL, voiceStorageKey } from "./voice-recording-field.tsx";

const field = makeField("voice_recording", { key: "bizbaz_audio_id", label: "Rekaman suara" });

function context() {
  return makeContext({ flowProgressId: PROGRESS_ID });
}

class FakeRecorder {
  static last: FakeRecorder | null = null;
  state: "inactive" | "recording" = "inactive";
  mimeType = "audio/webm";
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  stopCalls = 0;
  constructor(readonly stream: unknown) {
    FakeRecorder.last = this;
  }
  start() {
    this.state = "recording";
  }
  stop() {
    this.stopCalls++;
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob([new Uint8Array([1, 2, 3])], { type: "audio/webm" }) });
    this.onstop?.();
  }
}

let trackStop: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  window.localStorage.clear();
  trackStop = vi.fn();
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: trackStop }] })) },
  });
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: "rec-123" }), { status: 201 }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("VoiceRecordingField", () => {
  it("counts down 30 s, stops by itself, uploads and keeps the id in the flow and localStorage", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const onChange = vi.fn();
    render(<VoiceRecordingField field={field} value={null} onChange={onChange} errors={[]} disabled={false} context={context()} />);
    fireEvent.click(screen.getByRole("button", { name: "Mulai merekam" }));
    await flush();
    expect(RECORDING_SECONDS).toBe(30);
    expect(screen.getByText("Sisa waktu merekam: 30 detik")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Sisa waktu merekam: 29 detik")).toBeTruthy();
    act(() => vi.advanceTimersByTime(28_999));
    expect(FakeRecorder.last!.stopCalls).toBe(0);
    expect(screen.getByText("Sisa waktu merekam: 1 detik")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(FakeRecorder.last!.stopCalls).toBe(1);
    expect(trackStop).toHaveBeenCalledTimes(1);
    // The countdown removes itself.
    expect(screen.queryByText(/Sisa waktu merekam/)).toBeNull();
    await flush();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe(VOICE_RECORDINGS_URL);
    expect(init.method).toBe("POST");
    const body = init.body as FormData;
    expect(body.get("flow_progress_id")).toBe(PROGRESS_ID);
    const file = body.get("file") as File;
    expect(file.type).toBe("audio/webm");
    expect(file.size).toBe(3);
    expect(file.name).toMatch(/^\d+\.webm$/);
    expect(onChange).toHaveBeenCalledWith("rec-123");
    expect(window.localStorage.getItem(`bizbaz_audio_id:${PROGRESS_ID}`)).toBe("rec-123");
    expect(voiceStorageKey(PROGRESS_ID)).toBe(`bizbaz_audio_id:${PROGRESS_ID}`);
    expect(screen.getByText("Rekaman tersimpan")).toBeTruthy();
  });

  it("restores the stored id after a reload", () => {
    window.localStorage.setItem(`bizbaz_audio_id:${PROGRESS_ID}`, "rec-old");
    const onChange = vi.fn();
    const ctx = context();
    const { rerender } = render(<VoiceRecordingField field={field} value={null} onChange={onChange} errors={[]} disabled={false} context={ctx} />);
    expect(onChange).toHaveBeenCalledWith("rec-old");
    rerender(<VoiceRecordingField field={field} value="rec-old" onChange={onChange} errors={[]} disabled={false} context={ctx} />);
    expect(screen.getByText("Rekaman tersimpan")).toBeTruthy();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the upload is refused", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: "payload_too_large", message: "Rekaman terlalu besar. Maksimal 2 MB." } }), { status: 413 }),
    );
    const onChange = vi.fn();
    render(<VoiceRecordingField field={field} value={null} onChange={onChange} errors={[]} disabled={false} context={context()} />);
    fireEvent.click(screen.getByRole("button", { name: "Mulai merekam" }));
    await flush();
    fireEvent.click(screen.getByRole("button", { name: "Berhenti merekam" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Rekaman terlalu besar. Maksimal 2 MB.");
    expect(onChange).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(`bizbaz_audio_id:${PROGRESS_ID}`)).toBeNull();
  });
});
