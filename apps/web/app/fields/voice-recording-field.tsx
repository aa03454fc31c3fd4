import { LOCALE, t } from "@pinjaman/i18n";
import { RECORDING_SECONDS } from "@pinjaman/domain/timings";
import { useEffect, useRef, useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { UploadProgress } from "./upload-progress.tsx";
import "@pinjaman/i18n/ns/media_fields";
import "./media-fields.css";

/** Our voice adapter (apps/api/src/integrations/voice): multipart {file, flow_progress_id} → {id}. */
export const VOICE_RECORDINGS_URL = "/pub_api/v1/open/integrations/voice/recordings";

/**
 * Where the returned id is kept (spec section 7), per progress, so a reload of the same flow
 * restores it and another flow never picks it up.
 */
export function voiceStorageKey(flowProgressId: string): string {
  return `bizbaz_audio_id:${flowProgressId}`;
}

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, id: string): void {
  try {
    window.localStorage.setItem(key, id);
  } catch {
    // Private mode or a full storage: the value is still in the flow, only the reload copy is lost.
  }
}

function extensionOf(mimeType: string): string {
  if (mimeType.includes("ogg")) return "ogg";
  if (mimeType.includes("mp4") || mimeType.includes("aac")) return "m4a";
  if (mimeType.includes("wav")) return "wav";
  return "webm";
}

async function sendRecording(blob: Blob, flowProgressId: string, signal: AbortSignal): Promise<string> {
  const body = new FormData();
  // The file goes last: the server reads the progress id first, as with presigned uploads.
  body.append("flow_progress_id", flowProgressId);
  body.append("file", blob, `${Date.now()}.${extensionOf(blob.type)}`);
  const response = await fetch(VOICE_RECORDINGS_URL, {
    method: "POST",
    body,
    credentials: "same-origin",
    headers: { Accept: "application/json", "X-Locale": LOCALE },
    signal,
  });
  const json = (await response.json().catch(() => undefined)) as { id?: unknown; error?: { message?: unknown } } | undefined;
  if (!response.ok || typeof json?.id !== "string") {
    const message = typeof json?.error?.message === "string" ? json.error.message : t("media_fields.voice.upload_failed");
    throw new Error(message);
  }
  return json.id;
}

type Phase = "idle" | "recording" | "uploading" | "done";

/**
 * voice_recording (field bizbaz_audio_id): records up to 30 s with MediaRecorder (the countdown
 * stops it and then disappears), sends the audio through the voice integration and stores the id
 * it answers, in the flow and in localStorage.
 */
export default function VoiceRecordingField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const seconds = Math.max(1, Math.round((field.config?.duration_ms ?? RECORDING_SECONDS * 1000) / 1000));
  const { flowProgressId } = context;
  const hasValue = typeof value === "string" && value !== "";
  const [state, setPhase] = useState<Phase>("idle");
  // A value (uploaded now, restored, or resumed from the server) means done unless a new take runs.
  const phase: Phase = state === "idle" && hasValue ? "done" : state;
  const [remaining, setRemaining] = useState(seconds);
  const [error, setError] = useState<string | null>(null);

  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const tickRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const stopRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  // A reload restores the id this progress already got.
  useEffect(() => {
    if (hasValue || !flowProgressId) return;
    const stored = readStored(voiceStorageKey(flowProgressId));
    if (stored) onChange(stored);
    // Only on arrival: a cleared value later must stay cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flowProgressId]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimers();
      abortRef.current?.abort();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.stop();
      }
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    };
  }, []);

  function clearTimers() {
    if (tickRef.current) clearInterval(tickRef.current);
    if (stopRef.current) clearTimeout(stopRef.current);
    tickRef.current = null;
    stopRef.current = null;
  }

  async function upload(blob: Blob) {
    if (!flowProgressId) return;
    setPhase("uploading");
    const abort = new AbortController();
    abortRef.current = abort;
    try {
      const id = await sendRecording(blob, flowProgressId, abort.signal);
      if (!mounted.current) return;
      store(voiceStorageKey(flowProgressId), id);
      onChange(id);
      setPhase("done");
    } catch (cause) {
      if (!mounted.current || abort.signal.aborted) return;
      setError(cause instanceof Error && cause.message !== "" ? cause.message : t("media_fields.voice.upload_failed"));
      setPhase("idle");
    }
  }

  async function start() {
    setError(null);
    if (!flowProgressId) {
      setError(t("media_fields.voice.no_progress"));
      return;
    }
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      setError(t("media_fields.voice.unsupported"));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (cause) {
      console.warn("voice recording: no microphone", cause);
      if (mounted.current) setError(t("media_fields.voice.mic_error"));
      return;
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    streamRef.current = stream;
    const recorder = new MediaRecorder(stream);
    recorderRef.current = recorder;
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      clearTimers();
      for (const track of stream.getTracks()) track.stop();
      streamRef.current = null;
      recorderRef.current = null;
      const blob = new Blob(chunks, { type: recorder.mimeType || "audio/webm" });
      void upload(blob);
    };
    recorder.start();
    setRemaining(seconds);
    setPhase("recording");
    tickRef.current = setInterval(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    // The countdown's end stops the recording by itself (spec section 4).
    stopRef.current = setTimeout(stop, seconds * 1000);
  }

  function stop() {
    clearTimers();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  }

  function again() {
    if (flowProgressId) {
      try {
        window.localStorage.removeItem(voiceStorageKey(flowProgressId));
      } catch {
        // Nothing kept, nothing to remove.
      }
    }
    onChange(null);
    setPhase("idle");
    void start();
  }

  const locked = disabled || field.readOnly;
  const shownErrors = error ? [error, ...errors] : errors;
  const status = phase === "recording" ? t("media_fields.voice.countdown", { seconds: remaining }) : undefined;

  return (
    <FieldFrame field={field} errors={shownErrors} labelMode="group" className="media-field voice-field" status={status}>
      {() => (
        <div className="media-field__actions">
          {phase === "idle" && (
            <button type="button" className="button button--primary" disabled={locked} onClick={() => void start()}>
              {t("media_fields.voice.start")}
            </button>
          )}
          {phase === "recording" && (
            <button type="button" className="button button--primary" disabled={locked} onClick={stop}>
              {t("media_fields.voice.stop")}
            </button>
          )}
          {phase === "uploading" && <UploadProgress percent={-1} label={t("media_fields.voice.uploading")} />}
          {phase === "done" && (
            <>
              <p className="media-field__done" role="status">
                {t("media_fields.voice.done")}
              </p>
              <button type="button" className="button button--outline" disabled={locked} onClick={again}>
                {t("media_fields.voice.retry")}
              </button>
            </>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
