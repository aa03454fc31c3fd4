import type { FlowDefinition } from "../definition.ts";
import { back, endStep, field, next } from "./steps.ts";

/** A short spoken description of the customer's business, checked by the voice integration. */
export const voiceAiBizbaz: FlowDefinition = {
  key: "voice_ai_bizbaz",
  name: "flows.flow.voice_ai_bizbaz",
  audience: "customer",
  completion: "voice_recording",
  completedRedirect: "/profile",
  steps: [
    {
      key: "recording",
      template: "form",
      title: "flows.step.recording.title",
      description: "flows.step.recording.description",
      fields: [field("bizbaz_audio_id", "voice_recording", { hint: "flows.field.bizbaz_audio_id.hint", config: { duration_ms: 30_000 } })],
      movements: [next("review")],
    },
    {
      key: "review",
      template: "test_api_block",
      title: "flows.step.review.title",
      description: "flows.step.review.description",
      fields: [],
      movements: [back("recording"), next("done")],
      actions: ["check_voice_recording"],
    },
    endStep(),
  ],
};
