import { isTransientField, VALUELESS_TEMPLATE_KEYS } from "@pinjaman/contracts/flow-fields";
import type { FlowStep, FlowValues } from "@pinjaman/contracts/flows";
import { useCallback, useEffect, useRef } from "react";
import { rememberDraft, rememberedDraft } from "./flow-memory.ts";
import type { FlowController } from "./use-flow.ts";

/** A draft is saved this long after the last change (or at once when a field loses focus or the page is left). */
export const DRAFT_DELAY_MS = 800;

/**
 * The values of a step worth keeping as a draft: typed by the customer, neither read-only nor
 * valueless, and never a password or a signing code (the engine refuses to store those).
 */
export function draftValues(step: FlowStep, values: FlowValues): FlowValues {
  const kept = new Set(
    step.fields.filter((f) => !f.readOnly && !VALUELESS_TEMPLATE_KEYS.includes(f.templateKey) && !isTransientField(f)).map((f) => f.key),
  );
  return Object.fromEntries(Object.entries(values).filter(([key]) => kept.has(key)));
}

function changedValues(before: FlowValues, after: FlowValues): FlowValues {
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null)));
}

/**
 * Saves what the customer types before "Lanjutkan", so a reload or a lost connection does not
 * lose it: into the stored progress (PATCH flow_progresses/{id}) or, on step one before anything
 * is stored, into this tab's session storage. Saves 800 ms after the last change, at once when a
 * field loses focus (`flush`) and as the page is left (keepalive). A failed save shows nothing
 * and is tried again with the next change; a move sends the step's values itself.
 */
export function useDraftSave(flow: FlowController): { flush: () => void } {
  const { step, progress, preview, values, busy, loaded } = flow;
  const flowKey = progress?.flow.key ?? preview?.flow.key ?? null;
  const latest = useRef({ flow, flowKey });
  useEffect(() => {
    latest.current = { flow, flowKey };
  });
  /** What the server (or the tab) already holds for the shown step. */
  const saved = useRef<FlowValues>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback((keepalive = false) => {
    clearTimeout(timer.current);
    const { flow: current, flowKey: key } = latest.current;
    const shown = current.step;
    if (!shown || !key || current.busy) return;
    const draft = draftValues(shown, current.values);
    const id = current.progress?.status === "in_progress" ? current.progress.id : null;
    if (!id) {
      if (!current.progress && current.preview) {
        rememberDraft(key, { version: current.preview.flow_version_id, step: shown.key, values: draft });
      }
      return;
    }
    const changes = changedValues(saved.current, draft);
    if (Object.keys(changes).length === 0) return;
    const before = saved.current;
    saved.current = { ...before, ...changes };
    current.saveDraft(id, changes, keepalive).catch((error: unknown) => {
      // Not saved: forget that it was, so the next change or blur sends it again.
      const back = { ...saved.current };
      for (const [field, value] of Object.entries(changes)) if (back[field] === value) back[field] = before[field] ?? null;
      saved.current = back;
      console.warn("[flow] draft not saved", error);
    });
  }, []);

  // A newly shown step (or progress) is what the server holds: nothing to save yet.
  const shownKey = `${progress?.id ?? "preview"}:${progress?.step_index ?? 0}:${step?.key ?? ""}`;
  useEffect(() => {
    clearTimeout(timer.current);
    const shown = latest.current.flow.step;
    saved.current = shown ? draftValues(shown, latest.current.flow.values) : {};
    if (progress && flowKey) rememberDraft(flowKey, null);
    // Only a change of the shown step resets what is saved; values are read from the latest render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownKey]);

  // Step one from the preview: bring back this tab's draft of it once.
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || progress || !preview || !flowKey || restoredFor.current === preview.flow_version_id) return;
    restoredFor.current = preview.flow_version_id;
    const draft = rememberedDraft(flowKey);
    if (draft && draft.version === preview.flow_version_id && draft.step === preview.step.key && Object.keys(draft.values).length > 0) {
      latest.current.flow.setValues(draftValues(preview.step, draft.values));
    }
  }, [loaded, progress, preview, flowKey]);

  useEffect(() => {
    clearTimeout(timer.current);
    if (busy || !step) return;
    timer.current = setTimeout(() => flush(), DRAFT_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [values, busy, step, flush]);

  useEffect(() => {
    const leave = () => flush(true);
    const hidden = () => document.visibilityState === "hidden" && flush(true);
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [flush]);

  return { flush: useCallback(() => flush(), [flush]) };
}
