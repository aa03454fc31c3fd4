import { useEffect, useSyncExternalStore } from "react";
import { useNavigation } from "react-router";
import { progress, SERVER_PROGRESS_SNAPSHOT, type ProgressStore } from "./progress.ts";

/** Reports page navigations (loaders, actions) to the progress store. */
export function useNavigationProgress(store: ProgressStore = progress): void {
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (!busy) return;
    store.start();
    return () => store.done();
  }, [busy, store]);
}

/**
 * The thin bar at the top of the page. Purely visual: pages announce their own loading states
 * (LoadingBox), so the bar stays out of the accessibility tree.
 */
export function ProgressBar({ store = progress }: { store?: ProgressStore }) {
  useNavigationProgress(store);
  const { visible, value } = useSyncExternalStore(store.subscribe, store.getSnapshot, () => SERVER_PROGRESS_SNAPSHOT);
  if (!visible) return null;
  return (
    <div className="progress-bar" aria-hidden="true" data-testid="progress-bar" data-value={Math.round(value)}>
      <div className="progress-bar__fill" style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
