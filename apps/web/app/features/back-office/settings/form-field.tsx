import { useId, type InputHTMLAttributes } from "react";
import { joinFieldMessages } from "../../shell/api-fetch.ts";

/** A labelled input with its hint and its messages (joined with a comma) tied to it for screen readers. */
export function FormField({
  label,
  hint,
  errors,
  ...input
}: {
  label: string;
  hint?: string;
  errors?: readonly string[];
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described =
    [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {hint ? (
        <small id={`${id}-hint`} className="bo-field__hint">
          {hint}
        </small>
      ) : null}
      {errors?.length ? (
        <small id={`${id}-error`} className="bo-field__error">
          {joinFieldMessages(errors)}
        </small>
      ) : null}
    </div>
  );
}
