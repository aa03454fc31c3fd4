import { useEffect } from "react";
import type { FieldContext } from "./field-props.ts";

/**
 * The errors to show under a field that checks itself as the person types: the live message
 * first, unless the server already said the same.
 */
export function withLiveMessage(message: string | null, errors: readonly string[]): readonly string[] {
  return message && !errors.includes(message) ? [message, ...errors] : errors;
}

/**
 * Holds the step's next button disabled while `blocking` (context.setBlocking), and lets go when
 * the field leaves the page, so the next step does not start with a disabled button.
 */
export function useBlocking(setBlocking: FieldContext["setBlocking"], key: string, blocking: boolean): void {
  useEffect(() => {
    setBlocking(key, blocking);
  }, [setBlocking, key, blocking]);
  useEffect(() => () => setBlocking(key, false), [setBlocking, key]);
}
