import { eq, sql } from "drizzle-orm";
import type { FlowProgressView, FlowValues } from "@pinjaman/contracts/flows";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { StepActionKey } from "../../flows/definition.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { createSignature, resendSignatureCode } from "../signatures/signature-service.ts";
import { waitText } from "../throttle/throttle-service.ts";
import type { Actor, FlowEngine, ProgressRow } from "./flow-engine.ts";
import { actionNotFound, loginRequired, progressNotFound } from "./flow-errors.ts";
import { loadProgress, requireOpen } from "./progress-load.ts";
import { stepOf } from "./progress-steps.ts";
import { progressView } from "./progress-view.ts";
import { contractSubject } from "./step-checks.ts";

/** Stores the engine's own state of a progress (`_` keys, never writable by a client). */
async function storeState(engine: FlowEngine, id: string, state: FlowValues): Promise<ProgressRow> {
  const [updated] = await engine.db
    .update(schema.flowProgresses)
    .set({ values: sql`${schema.flowProgresses.values} || ${JSON.stringify(state)}::jsonb`, revision: sql`${schema.flowProgresses.revision} + 1` })
    .where(eq(schema.flowProgresses.id, id))
    .returning();
  if (!updated) throw progressNotFound();
  return updated;
}

/** A step's server operation (`onEnter` or asked for): sends or resends the signature code, checks the voice recording. */
export async function runStepAction(engine: FlowEngine, actor: Actor, row: ProgressRow, action: StepActionKey, now: Date): Promise<ProgressRow> {
  const customerId = row.customerId;
  if (!customerId) throw loginRequired();
  const signatures = { ...engine.signatures, db: engine.db, origin: actor.origin };
  switch (action) {
    case "send_signature_code": {
      const created = await createSignature(signatures, { customerId, method: "sms", subject: contractSubject(row.id) }, now);
      if (created.kind === "throttled") return storeState(engine, row.id, { _signature_error: t("authy.code.throttled", { wait: waitText(created.retryAfterSeconds) }) });
      return storeState(engine, row.id, {
        _signature_id: created.view.id,
        _signature_sent_to: created.view.codeSentTo ?? null,
        _signature_sent_at: now.toISOString(),
        _signature_error: null,
      });
    }
    case "resend_signature_code": {
      const signatureId = typeof row.values._signature_id === "string" ? row.values._signature_id : null;
      if (!signatureId) return runStepAction(engine, actor, row, "send_signature_code", now);
      const resent = await resendSignatureCode(signatures, { id: signatureId, customerId }, now);
      if (resent.kind === "too_early") {
        throw new FieldErrors({ resend_code: [t("flows.error.resend_too_early", { wait: waitText(resent.retryAfterSeconds) })] }, 429, resent.retryAfterSeconds);
      }
      if (resent.kind !== "sent") return runStepAction(engine, actor, row, "send_signature_code", now);
      return storeState(engine, row.id, { _signature_sent_at: now.toISOString(), _signature_error: null });
    }
    case "check_voice_recording": {
      // The voice provider must hold this progress's recording under the id the field stored.
      const id = typeof row.values.bizbaz_audio_id === "string" ? row.values.bizbaz_audio_id : "";
      const recording = id ? await engine.voice.find(id) : null;
      const result =
        recording && recording.flowProgressId === row.id
          ? { status: "received", recording_id: id, message: t("flows.voice.received") }
          : { status: "missing", recording_id: null, message: t("flows.voice.missing") };
      return storeState(engine, row.id, { _check_result: JSON.stringify(result) });
    }
  }
}

/** POST flow_progresses/{id}/actions: one of the current step's server operations. */
export async function runAction(engine: FlowEngine, actor: Actor, id: string, action: string): Promise<FlowProgressView> {
  const now = actor.now ?? new Date();
  const { row, version } = await loadProgress(engine, actor, id);
  requireOpen(row);
  const step = stepOf(version.definition, row.currentStep);
  const key = (step.actions ?? []).find((a) => a === action);
  if (!key) throw actionNotFound();
  const updated = await runStepAction(engine, actor, row, key, now);
  return progressView(engine, version, updated, {}, now);
}
