import { t } from "@pinjaman/i18n";
import { useCallback, useRef, useState } from "react";
import { ApiError, joinFieldMessages, type FieldMessages } from "../shell/api-fetch.ts";
import "@pinjaman/i18n/ns/auth";

export type FormErrors = { fields: FieldMessages; alert: string | null };

export const NO_ERRORS: FormErrors = { fields: {}, alert: null };

/**
 * A failed call as a form shows it: the server's messages under the fields the form has, and
 * its message in an alert when none of them applies (401, 429, 5xx, network).
 */
export function formErrors(error: unknown, formFields: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) {
    console.error(error);
    return { fields: {}, alert: t("auth.login.failed") };
  }
  const fields: FieldMessages = {};
  for (const field of formFields) {
    const messages = error.fields[field];
    if (messages && messages.length > 0) fields[field] = messages;
  }
  return { fields, alert: Object.keys(fields).length > 0 ? null : error.message };
}

/** A field's messages as the field shows them (joined with ", "), or null when it has none. */
export function fieldMessage(errors: FormErrors, field: string): string | null {
  const messages = errors.fields[field];
  return messages && messages.length > 0 ? joinFieldMessages(messages) : null;
}

/** Moves focus to the first field in error, else to the alert, so it is read out. */
export function focusFirstError(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (target && target.getAttribute("role") === "alert") target.setAttribute("tabindex", "-1");
    target?.focus();
  });
}

/**
 * A form's errors and how it shows them: `show` sets them and moves focus to the first one, so
 * a screen reader announces what to fix.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const formRef = useRef<HTMLFormElement>(null);
  const show = useCallback((next: FormErrors) => {
    setErrors(next);
    focusFirstError(formRef.current);
  }, []);
  return { errors, setErrors, formRef, show };
}
