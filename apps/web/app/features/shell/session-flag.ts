import { useCallback, useSyncExternalStore } from "react";

/**
 * A yes/no remembered for the browser tab (sessionStorage). The server and the hydrating client
 * render `false`; right after hydration the stored value takes over.
 */

const listeners = new Set<() => void>();
/** Where a flag lives when sessionStorage is blocked. */
const memory = new Map<string, boolean>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function readSessionFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

export function writeSessionFlag(key: string, value: boolean): void {
  try {
    if (value) window.sessionStorage.setItem(key, "1");
    else window.sessionStorage.removeItem(key);
  } catch {
    // Blocked storage: the flag lives until the next page load only.
    memory.set(key, value);
  }
  for (const listener of listeners) listener();
}


export function useSessionFlag(key: string): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => memory.get(key) ?? readSessionFlag(key),
    () => false,
  );
  const set = useCallback((next: boolean) => writeSessionFlag(key, next), [key]);
  return [value, set];
}
