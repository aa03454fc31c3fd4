import { useCallback, useEffect, useState } from "react";

export type Load<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void };

type Result<T> = { for: string; data: T | null; error: string | null };

/**
 * Loads `load()` when `key` changes (and on reload()); keeps the last data while the next load
 * runs. State is set only when a load answers, so a superseded load never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> {
  const [round, setRound] = useState(0);
  const wanted = `${key}#${round}`;
  const [result, setResult] = useState<Result<T>>({ for: "", data: null, error: null });
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setResult({ for: wanted, data, error: null }),
      (e: unknown) => current && setResult((previous) => ({ for: wanted, data: previous.data, error: e instanceof Error ? e.message : String(e) })),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure each render; `wanted` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  return { data: result.data, error: result.error, loading: result.for !== wanted, reload };
}
