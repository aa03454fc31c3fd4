import { t } from "@pinjaman/i18n";
import { useId } from "react";
import type { StepRendererProps } from "./step-props.ts";
import "@pinjaman/i18n/ns/flows";

type Channel = { key: string; label: string };

/** payment_option: the payment channels as a list of choices, written to the step's one field. */
export default function PaymentOptionStep({ step, values, setValue, busy }: StepRendererProps) {
  const name = useId();
  const field = step.fields[0];
  const channels = (step.data?.channels as Channel[] | undefined) ?? [];
  if (!field) return null;
  return (
    <fieldset className="flow-choices" aria-describedby={field.errors.length > 0 ? `${name}-error` : undefined}>
      <legend>{t("flows.page.choose_payment")}</legend>
      {channels.map((channel) => (
        <label key={channel.key} className="flow-choice">
          <input type="radio" name={name} value={channel.key} checked={values[field.key] === channel.key} disabled={busy} onChange={() => setValue(field.key, channel.key)} />
          {channel.label}
        </label>
      ))}
      {field.errors.length > 0 ? (
        <p id={`${name}-error`} className="field__error" role="alert">
          {field.errors.join(", ")}
        </p>
      ) : null}
    </fieldset>
  );
}
