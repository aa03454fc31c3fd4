import { isTransientField, VALUELESS_TEMPLATE_KEYS } from "@pinjaman/contracts/flow-fields";
import type { FieldValue, FlowProgressNew, FlowProgressView, FlowStep, FlowValues } from "@pinjaman/contracts/flows";
import type { SessionInfo } from "@pinjaman/contracts/auth";
import { t } from "@pinjaman/i18n";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../shell/api-fetch.ts";
import { progressMemoryKey, type FlowApi, type FlowScope } from "./flow-api.ts";
import { forgetProgress, rememberProgress, rememberedProgress } from "./flow-memory.ts";
import "@pinjaman/i18n/ns/flows";

/** Values typed once and never saved (the server does not store them either). */
function isTransient(step: FlowStep, key: string): boolean {
  const field = step.fields.find((f) => f.key === key);
  return field !== undefined && isTransientField(field);
}

function writable(step: FlowStep, values: FlowValues): FlowValues {
  const keys = new Set(step.fields.filter((f) => !VALUELESS_TEMPLATE_KEYS.includes(f.templateKey) && !f.readOnly).map((f) => f.key));
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys.has(key)));
}

/**
 * A refusal's messages per field of the flow: the engine's (422) name the field, the edge's
 * refusal of unstorable text (400, a NUL pasted in) names its place in the body, `values.<field>`.
 */
function flowFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 400)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([key, messages]) => [key.replace(/^values\./, ""), messages]));
}

function stepValues(step: FlowStep): FlowValues {
  return Object.fromEntries(step.fields.map((f) => [f.key, f.current_value]));
}

export type UseFlowOptions = {
  flowKey: string;
  audience: "public" | "customer";
  /** A loan-account or application flow runs on this account or application (the page's ?account_id= / ?account_application_id=). */
  scope?: FlowScope | null;
  api: FlowApi;
  authenticationId: string | null;
  /** The account step opened a session: sign the page in (sessionActions.login). */
  onSession(session: SessionInfo): Promise<void>;
  /** Called with each stored progress id (the registration state keeps it). */
  onProgress?(id: string): void;
  onCompleted?(view: FlowProgressView): void;
  /** Step one as the server rendered it into the page: shown at once, without a preview call. */
  initialPreview?: FlowProgressNew | null;
  /** The page starts the flow anew (sign-up's `?flow=`): a remembered progress is dropped, not resumed. */
  startAfresh?: boolean;
  /** False while the page hydrates, before the client knows its session (the memory's key). */
  sessionKnown?: boolean;
};

export type FlowController = ReturnType<typeof useFlow>;

/**
 * The state of one flow on the page: the stored progress (or the preview of step one before the
 * first "Lanjutkan"), the step's values as typed, errors per field from the server, fields that
 * hold the step back, and the calls that change it. Submitting replaces the step with the
 * server's answer (DESIGN.md section 8, Ory elements).
 */
export function useFlow(options: UseFlowOptions) {
  const { flowKey, audience, api, authenticationId, sessionKnown = true } = options;
  const scopeAccountId = options.scope?.accountId;
  const scopeApplicationId = options.scope?.accountApplicationId;
  const scope = useMemo<FlowScope | null>(
    () => (scopeAccountId || scopeApplicationId ? { accountId: scopeAccountId, accountApplicationId: scopeApplicationId } : null),
    [scopeAccountId, scopeApplicationId],
  );
  // A scoped flow's progress is remembered per account (or application): two loans, two refinancings.
  const memoryKey = progressMemoryKey(flowKey, scope);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  // The session the memory is keyed by: the account step's sign-in changes it before the page re-renders.
  const authRef = useRef(authenticationId);
  useEffect(() => {
    authRef.current = authenticationId;
  }, [authenticationId]);
  const [preview, setPreview] = useState<FlowProgressNew | null>(options.initialPreview ?? null);
  const [progress, setProgress] = useState<FlowProgressView | null>(null);
  const [values, setValuesState] = useState<FlowValues>(() => (options.initialPreview ? stepValues(options.initialPreview.step) : {}));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [blocking, setBlockingState] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(Boolean(options.initialPreview));
  const shownId = useRef<string | null>(null);
  // True while the page still shows the step one it arrived with (server-rendered).
  const showingArrival = useRef(Boolean(options.initialPreview));
  const startAfresh = useRef(options.startAfresh ?? false);

  const step: FlowStep | null = progress?.step ?? preview?.step ?? null;

  const show = useCallback((view: FlowProgressView) => {
    showingArrival.current = false;
    shownId.current = view.id;
    setProgress(view);
    setValuesState(stepValues(view.step));
    setErrors({});
    setBlockingState({});
    if (view.status === "in_progress") {
      rememberProgress(memoryKey, authRef.current, view.id);
      optionsRef.current.onProgress?.(view.id);
    }
  }, [memoryKey]);

  const startFresh = useCallback(async () => {
    // Only a scoped flow passes its scope (the calls' other callers pass none).
    const first = scope ? await api.preview(flowKey, audience, scope) : await api.preview(flowKey, audience);
    showingArrival.current = false;
    setProgress(null);
    setPreview(first);
    setValuesState(stepValues(first.step));
    setErrors({});
    setBlockingState({});
  }, [api, flowKey, audience, scope]);

  useEffect(() => {
    if (!sessionKnown) return;
    let cancelled = false;
    if (startAfresh.current && showingArrival.current) forgetProgress(memoryKey, authenticationId);
    const remembered = rememberedProgress(memoryKey, authenticationId);
    // Signing in on the account step re-keys the memory to the new session: same progress, nothing to load.
    if (remembered && remembered === shownId.current) return;
    // Step one came with the page and there is nothing to resume: it stays as rendered.
    if (!remembered && showingArrival.current) return;
    setLoaded(false);
    setFailure(null);
    (async () => {
      if (remembered) {
        try {
          const view = await api.edit(remembered);
          if (cancelled) return;
          if (view.status === "in_progress") {
            show(view);
            return;
          }
        } catch (error) {
          if (!(error instanceof ApiError) || ![404, 409, 410].includes(error.status)) throw error;
        }
        forgetProgress(memoryKey, authenticationId);
      }
      if (!cancelled) await startFresh();
    })()
      .catch((error: unknown) => !cancelled && setFailure(error instanceof Error ? error.message : t("flows.error.progress_not_found")))
      .finally(() => !cancelled && setLoaded(true));
    return () => {
      cancelled = true;
    };
    // The remembered id is read once per flow and session: a new session re-keys it.
  }, [api, flowKey, memoryKey, authenticationId, sessionKnown, show, startFresh]);

  /** Stores a draft of the stored progress's current step (use-draft-save.ts decides what and when). */
  const saveDraft = useCallback(
    async (id: string, changes: FlowValues, keepalive = false) => {
      await api.save(id, changes, keepalive);
      rememberProgress(memoryKey, authRef.current, id);
    },
    [api, memoryKey],
  );

  const setValues = useCallback(
    (changes: FlowValues) => {
      if (!step) return;
      setValuesState((current) => ({ ...current, ...changes }));
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in changes))));
    },
    [step],
  );

  const setValue = useCallback((key: string, value: FieldValue) => setValues({ [key]: value }), [setValues]);

  const setBlocking = useCallback((key: string, isBlocking: boolean) => {
    setBlockingState((current) => (Boolean(current[key]) === isBlocking ? current : { ...current, [key]: isBlocking }));
  }, []);

  const move = useCallback(
    async (movementId: string) => {
      if (!step || busy) return;
      setBusy(true);
      setFailure(null);
      try {
        const sent = writable(step, values);
        let current = progress;
        if (!current) {
          if (!preview) return;
          const stored = Object.fromEntries(Object.entries(sent).filter(([key]) => !isTransient(step, key)));
          current = scope ? await api.create(flowKey, audience, stored, preview.flow_version_id, scope) : await api.create(flowKey, audience, stored, preview.flow_version_id);
          showingArrival.current = false;
          shownId.current = current.id;
          setProgress(current);
          rememberProgress(memoryKey, authRef.current, current.id);
          optionsRef.current.onProgress?.(current.id);
        }
        const answer = await api.move(current.id, movementId, sent, step.key);
        if (answer.session) {
          forgetProgress(memoryKey, authRef.current);
          authRef.current = answer.session.authentication_id;
          rememberProgress(memoryKey, authRef.current, answer.data.id);
          await optionsRef.current.onSession(answer.session);
        }
        show(answer.data);
        if (answer.data.status === "completed") {
          forgetProgress(memoryKey, authRef.current);
          optionsRef.current.onCompleted?.(answer.data);
        }
        window.scrollTo?.({ top: 0 });
      } catch (error) {
        const fields = flowFieldErrors(error);
        if (Object.keys(fields).length > 0) {
          // A refusal of an answer given on an earlier step (a NIK taken meanwhile) has no field here to show it under.
          const onStep = new Set(step.fields.map((field) => field.key));
          const elsewhere = Object.entries(fields).filter(([key]) => !onStep.has(key));
          setErrors(Object.fromEntries(Object.entries(fields).filter(([key]) => onStep.has(key))));
          if (elsewhere.length > 0) setFailure(elsewhere.flatMap(([, messages]) => messages).join(", "));
        } else if (error instanceof ApiError && error.status === 410) {
          forgetProgress(memoryKey, authRef.current);
          setFailure(error.message);
          await startFresh();
        } else {
          setFailure(error instanceof Error ? error.message : String(error));
        }
      } finally {
        setBusy(false);
      }
    },
    [api, audience, busy, flowKey, memoryKey, scope, preview, progress, show, startFresh, step, values],
  );

  const runAction = useCallback(
    async (action: string) => {
      if (!progress) return;
      const view = await api.action(progress.id, action);
      setProgress(view);
    },
    [api, progress],
  );

  const advance = useCallback(() => {
    const forward = step?.movements.find((m) => m.direction === "forward");
    if (forward) void move(forward.id);
  }, [move, step]);

  const restart = useCallback(async () => {
    forgetProgress(memoryKey, authRef.current);
    setFailure(null);
    await startFresh();
  }, [memoryKey, startFresh]);

  const isBlocked = useMemo(() => Object.values(blocking).some(Boolean), [blocking]);

  return {
    loaded,
    failure,
    step,
    progress,
    preview,
    values,
    errors,
    busy,
    isBlocked,
    stepIndex: progress?.step_index ?? 0,
    stepsCount: progress?.steps_count ?? preview?.steps_count ?? 0,
    setValue,
    setValues,
    saveDraft,
    setBlocking,
    move,
    runAction,
    advance,
    restart,
  };
}
