import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from "@pinjaman/domain/timings";

/**
 * The top progress bar's state. Work is counted (navigation and API calls may overlap); the bar
 * appears only when work is still running after PROGRESS_THROTTLE_MS, so quick answers never
 * flash it, and eases toward 100 over PROGRESS_DURATION_MS until the last piece of work is done.
 */

export type ProgressSnapshot = {
  /** The bar is on screen. */
  visible: boolean;
  /** 0-100. */
  value: number;
};

export type ProgressStore = {
  start(): void;
  done(): void;
  /** Pieces of work still running. */
  inFlight(): number;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ProgressSnapshot;
};

const HIDDEN: ProgressSnapshot = { visible: false, value: 0 };
const TICK_MS = 100;
/** How long the full bar stays before it disappears. */
const FINISH_MS = 250;

/** Eases toward 100 without reaching it: ~95 after PROGRESS_DURATION_MS. */
export function estimatedProgress(elapsedMs: number, durationMs = PROGRESS_DURATION_MS): number {
  if (elapsedMs <= 0) return 0;
  return Math.min(99, 100 * (1 - Math.exp((-3 * elapsedMs) / durationMs)));
}

export function createProgressStore(
  throttleMs = PROGRESS_THROTTLE_MS,
  durationMs = PROGRESS_DURATION_MS,
): ProgressStore {
  let count = 0;
  let snapshot = HIDDEN;
  let shownAt = 0;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let finishTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function set(next: ProgressSnapshot) {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function stopTimers() {
    clearTimeout(throttleTimer);
    clearInterval(tickTimer);
    clearTimeout(finishTimer);
    throttleTimer = tickTimer = finishTimer = undefined;
  }

  function show() {
    throttleTimer = undefined;
    shownAt = Date.now();
    set({ visible: true, value: 0 });
    tickTimer = setInterval(() => {
      set({ visible: true, value: estimatedProgress(Date.now() - shownAt, durationMs) });
    }, TICK_MS);
  }

  return {
    start() {
      count += 1;
      if (count !== 1) return;
      const wasVisible = snapshot.visible;
      stopTimers();
      // New work while the finished bar is still fading: keep showing it, from the start.
      if (wasVisible) show();
      else throttleTimer = setTimeout(show, throttleMs);
    },
    done() {
      if (count === 0) return;
      count -= 1;
      if (count !== 0) return;
      const wasVisible = snapshot.visible;
      stopTimers();
      if (!wasVisible) return;
      set({ visible: true, value: 100 });
      finishTimer = setTimeout(() => {
        finishTimer = undefined;
        set(HIDDEN);
      }, FINISH_MS);
    },
    inFlight: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}

/** The page's one progress store: navigation and apiFetch both report to it. */
export const progress = createProgressStore();

export const SERVER_PROGRESS_SNAPSHOT = HIDDEN;
