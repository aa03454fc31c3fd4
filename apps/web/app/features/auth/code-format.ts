/** A one-time code as the server takes it: 6 digits. */
export const CODE_FORMAT = /^\d{6}$/;

/** What a code field keeps of what was typed or pasted: its first 6 digits. */
export function typedCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, 6);
}
