import type { FlowValues } from "@pinjaman/contracts/flows";

/**
 * Which progress to continue, per flow and per authentication id (spec section 4), for 2000
 * minutes after its last save (decision 0007). Anonymous visitors are keyed "anonymous": their
 * progress is reachable only by its id, which lives here.
 */
export const FLOW_MEMORY_MINUTES = 2000;
const PREFIX = "flow_progress:";

type Remembered = { id: string; until: number };

function storageKey(flowKey: string, authenticationId: string | null): string {
  return `${PREFIX}${flowKey}:${authenticationId ?? "anonymous"}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function rememberProgress(flowKey: string, authenticationId: string | null, id: string, now = Date.now()): void {
  const value: Remembered = { id, until: now + FLOW_MEMORY_MINUTES * 60_000 };
  try {
    storage()?.setItem(storageKey(flowKey, authenticationId), JSON.stringify(value));
  } catch {
    // Blocked storage: the progress is only reachable from this page view.
  }
}

export function rememberedProgress(flowKey: string, authenticationId: string | null, now = Date.now()): string | null {
  const raw = storage()?.getItem(storageKey(flowKey, authenticationId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Remembered>;
    if (typeof value.id === "string" && typeof value.until === "number" && value.until > now) return value.id;
  } catch {
    // A damaged value counts as none.
  }
  forgetProgress(flowKey, authenticationId);
  return null;
}

/** Forgets the progress and any draft of step one: a new start begins empty. */
export function forgetProgress(flowKey: string, authenticationId: string | null): void {
  storage()?.removeItem(storageKey(flowKey, authenticationId));
  rememberDraft(flowKey, null);
}

/**
 * Step one's values typed before anything is stored (there is no progress to save them into yet),
 * for the flow version and step they belong to. Kept in this tab only (session storage): a shared
 * phone's next visitor does not find them.
 */
export type StepDraft = { version: string; step: string; values: FlowValues };

const draftKey = (flowKey: string) => `flow_draft:${flowKey}`;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberDraft(flowKey: string, draft: StepDraft | null): void {
  try {
    if (draft) tabStorage()?.setItem(draftKey(flowKey), JSON.stringify(draft));
    else tabStorage()?.removeItem(draftKey(flowKey));
  } catch {
    // Storage full or refused: a draft is a convenience, never an error.
  }
}

export function rememberedDraft(flowKey: string): StepDraft | null {
  try {
    const draft = JSON.parse(tabStorage()?.getItem(draftKey(flowKey)) ?? "null") as Partial<StepDraft> | null;
    if (draft && typeof draft.version === "string" && typeof draft.step === "string" && typeof draft.values === "object" && draft.values !== null) {
      return { version: draft.version, step: draft.step, values: draft.values };
    }
  } catch {
    // A damaged value counts as none.
  }
  return null;
}
