import { randomUUID } from "node:crypto";
import type { Config, SimulableProvider } from "../../config.ts";
import { IntegrationNotConfigured } from "../not-configured.ts";

/** Only audio, and only this much: 30 s of browser opus/webm is far below it (spec section 9). */
export const VOICE_MAX_BYTES = 2 * 1024 * 1024;

export type VoiceRecordingInput = {
  flowProgressId: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
};

export type StoredVoiceRecording = {
  id: string;
  flowProgressId: string;
  filename: string;
  mimeType: string;
  size: number;
  createdAt: Date;
};

/**
 * The voice provider (the "bizbaz" voice AI of spec section 7): it takes the recording and
 * answers an id, which the flow stores as bizbaz_audio_id. Our side never keeps the audio.
 */
export type VoiceAdapter = {
  store(input: VoiceRecordingInput): Promise<StoredVoiceRecording>;
  find(id: string): Promise<StoredVoiceRecording | null>;
};

/** How many recordings the sandbox keeps; the oldest go first so memory stays bounded. */
export const SANDBOX_VOICE_CAPACITY = 200;

/**
 * Sandbox provider: keeps recordings in memory (no table, no disk). A real provider keeps the
 * audio on its side, so a restart losing sandbox audio mirrors nothing our data depends on.
 */
export function sandboxVoice(capacity = SANDBOX_VOICE_CAPACITY): VoiceAdapter & { bytes(id: string): Buffer | null } {
  const recordings = new Map<string, StoredVoiceRecording & { bytes: Buffer }>();
  return {
    async store(input) {
      const recording = {
        id: randomUUID(),
        flowProgressId: input.flowProgressId,
        filename: input.filename,
        mimeType: input.mimeType,
        size: input.bytes.length,
        createdAt: new Date(),
        bytes: input.bytes,
      };
      recordings.set(recording.id, recording);
      while (recordings.size > capacity) {
        const oldest = recordings.keys().next().value;
        if (oldest === undefined) break;
        recordings.delete(oldest);
      }
      const { bytes: _bytes, ...stored } = recording;
      return stored;
    },
    async find(id) {
      const recording = recordings.get(id);
      if (!recording) return null;
      const { bytes: _bytes, ...stored } = recording;
      return stored;
    },
    bytes: (id) => recordings.get(id)?.bytes ?? null,
  };
}

/** The voice adapter for this configuration; outside the sandbox none exists yet, so start fails. */
export function selectVoice(config: Pick<Config, "sandbox"> & { simulatedProviders?: readonly SimulableProvider[] }): VoiceAdapter {
  // SIMULATED_PROVIDERS=voice: outside the sandbox, knowingly keep recordings in memory.
  if (config.sandbox || config.simulatedProviders?.includes("voice")) return sandboxVoice();
  throw new IntegrationNotConfigured("Voice recording");
}
