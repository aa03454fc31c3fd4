import { useCallback, useEffect, useState } from "react";

/**
 * Seconds left of a countdown ticking once a second down to 0; `restart` starts it again.
 * (The resend-code countdown: 60 s, then it removes itself.)
 */
export function useCountdown(initialSeconds: number): [number, (seconds: number) => void] {
  const [state, setState] = useState({ remaining: Math.max(0, Math.ceil(initialSeconds)), run: 0 });

  useEffect(() => {
    if (state.remaining <= 0) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, remaining: s.remaining - 1 })), 1000);
    return () => clearTimeout(timer);
  }, [state]);

  const restart = useCallback((seconds: number) => {
    setState((s) => ({ remaining: Math.max(0, Math.ceil(seconds)), run: s.run + 1 }));
  }, []);

  return [state.remaining, restart];
}
