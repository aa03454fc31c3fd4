/**
 * NPWP (tax number): 15 digits (the old number) or 16 (the NIK-based one since 2024); dots,
 * dashes and spaces as people type them are ignored. The digits, or null when it is not one.
 */
export function npwpDigits(value: string): string | null {
  const digits = value.replace(/[.\s-]/g, "");
  return /^(\d{15}|\d{16})$/.test(digits) ? digits : null;
}
