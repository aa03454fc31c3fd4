import { useCallback, useEffect, useState } from "react";

export type Load<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void };

/** Loads `load()` when `key` changes (and on reload()); keeps the last data while reloading. */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load()
      .then((value) => {
        if (!current) return;
        setData(value);
        setError(null);
      })
      .catch((e: unknown) => current && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // `load` is a new closure each render; `key` and `round` say when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  return { data, error, loading, reload };
}
