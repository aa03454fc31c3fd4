import { TextField } from "./text-field.tsx";

/**
 * A rupiah amount typed by a person (invest, withdraw, simulate a transfer): a numeric keyboard
 * on phones, its hint and its error read with the field by screen readers.
 */
export function AmountField(props: { id: string; label: string; value: string; onChange: (value: string) => void; hint?: string; error?: string }) {
  return <TextField {...props} inputMode="numeric" autoComplete="off" />;
}
