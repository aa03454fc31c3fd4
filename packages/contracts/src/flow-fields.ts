import type { FieldTemplateKey } from "./flows.ts";

/**
 * Rules about field templates that the site needs at run time, kept apart from the zod schemas of
 * flows.ts so importing them does not bring zod into the browser's first load (decision 0005).
 */

/** Templates that hold no value a person types (buttons, countdowns, a link the server sets): never sent, never stored. */
export const VALUELESS_TEMPLATE_KEYS: readonly FieldTemplateKey[] = ["delayed_button", "resend_code", "text_link"];

/** Values typed once and never stored in a progress: a password, a one-time signing code. */
export function isTransientField(field: { templateKey: FieldTemplateKey; key: string }): boolean {
  return field.templateKey === "password" || field.key === "signature_code";
}
