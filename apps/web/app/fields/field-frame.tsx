import type { FormField } from "@pinjaman/contracts/flows";
import { useId, type ReactNode } from "react";
import "./fields.css";

/** What a control needs to be wired to its label, hint and errors. */
export type FieldA11y = {
  /** The control's id (the label points at it). */
  id: string;
  /** The label's id, for controls labelled with aria-labelledby (a group, a combobox list). */
  labelId: string;
  /** Hint and errors, for aria-describedby; undefined when there are none. */
  describedBy: string | undefined;
  invalid: true | undefined;
};

export type FieldFrameProps = {
  field: Pick<FormField, "key" | "label" | "hint" | "required">;
  errors: readonly string[];
  /**
   * "label": a <label for> above the control (default). "group": the frame is a role=group named
   * by the label (controls with several parts). "none": the control labels itself (a checkbox,
   * a button), the label is not repeated above it.
   */
  labelMode?: "label" | "group" | "none";
  className?: string;
  /** A short status under the control (a countdown, "Lokasi tersimpan"), announced politely. */
  status?: ReactNode;
  children: (a11y: FieldA11y) => ReactNode;
};

/**
 * The frame every field renderer uses: label, hint, the control, then the errors joined with
 * ", " (spec section 5). The error line is always in the page, empty when there is nothing to
 * say, so a screen reader announces a message as it appears (role=alert).
 */
export function FieldFrame({ field, errors, labelMode = "label", className, status, children }: FieldFrameProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const hasErrors = errors.length > 0;
  const describedBy =
    [field.hint ? hintId : null, status ? statusId : null, hasErrors ? errorId : null].filter(Boolean).join(" ") || undefined;
  const a11y: FieldA11y = { id, labelId, describedBy, invalid: hasErrors ? true : undefined };
  const classes = ["field", "flow-field", `flow-field--${field.key}`, className].filter(Boolean).join(" ");

  return (
    <div
      className={classes}
      data-field-key={field.key}
      role={labelMode === "group" ? "group" : undefined}
      aria-labelledby={labelMode === "group" ? labelId : undefined}
    >
      {labelMode === "label" && (
        <label id={labelId} htmlFor={id} className="field__label">
          {field.label}
        </label>
      )}
      {labelMode === "group" && (
        <span id={labelId} className="field__label">
          {field.label}
        </span>
      )}
      {field.hint && (
        <p id={hintId} className="field__hint">
          {field.hint}
        </p>
      )}
      {children(a11y)}
      {status && (
        <p id={statusId} className="flow-field__status" aria-live="polite">
          {status}
        </p>
      )}
      <p id={errorId} className="field__error" role="alert">
        {hasErrors ? errors.join(", ") : null}
      </p>
    </div>
  );
}

/** The text of a value for a text input: numbers as written, nothing for null/booleans. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return "";
}
