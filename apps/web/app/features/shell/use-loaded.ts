import { t } from "@pinjaman/i18n";
import { useCallback, useEffect, useState } from "react";
import "@pinjaman/i18n/ns/auth";

/** A call's outcome: null while loading, then its data or its (Indonesian) error message. */
export type Loaded<T> = { data: T; error: null } | { data: null; error: string } | null;

/**
 * Runs `load` when `key` changes (skipped while `key` is null) and again on `reload()`; the
 * previous data stays shown while reloading.
 */
export function useLoaded<T>(key: string | null, load: () => Promise<T>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    load().then(
      (data) => current && setState({ data, error: null }),
      (error: unknown) => current && setState({ data: null, error: error instanceof Error ? error.message : t("auth.profile.load_failed") }),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure each render; `key` and `round` say when to call it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  return [state, useCallback(() => setRound((n) => n + 1), [])];
}
