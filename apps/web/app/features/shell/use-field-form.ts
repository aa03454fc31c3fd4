import { useState, type FormEvent } from "react";
import { ApiError } from "./api-fetch.ts";

/**
 * A form with one field sent to the API: `submit(send)` is its onSubmit handler. It ignores a
 * second submit while one is under way, and shows the server's refusal of `field` under the field
 * (`fieldError`) and any other failure above the buttons (`alert`, for FormAlert).
 */
export function useFieldForm(field: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);

  const submit = (send: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await send();
    } catch (e) {
      const message = e instanceof ApiError ? e.fieldMessage(field) : undefined;
      setError({ field: Boolean(message), message: message ?? (e instanceof Error ? e.message : String(e)) });
    } finally {
      setBusy(false);
    }
  };

  return { busy, submit, fieldError: error?.field ? error.message : null, alert: error && !error.field ? error.message : null };
}
