import { nationalPhoneDigits, normalizeIndonesianPhone } from "@pinjaman/domain/field-rules/phone";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame, textOf } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";

/**
 * A phone input behind a fixed "+62" (spec section 4). The person types the national number
 * (with or without a leading 0 or 62); the stored value is always E.164, "+628…".
 */
export default function PhoneField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  const stored = textOf(value);
  // What the person typed, kept while it still means the stored number, so a leading 0 does not
  // vanish under their thumb; a value set from elsewhere (resume, server) shows its digits.
  const [typed, setTyped] = useState(() => nationalPhoneDigits(stored));
  const shown = normalizeIndonesianPhone(typed) === stored ? typed : nationalPhoneDigits(stored);

  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy, invalid }) => (
        <div className="flow-phone">
          <span className="flow-phone__prefix" aria-hidden="true">
            {t("fields.phone.prefix")}
          </span>
          <span id={`${id}-prefix`} className="sr-only">
            {t("fields.phone.prefix_label")}
          </span>
          <input
            id={id}
            name={field.key}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className="field__input flow-phone__input"
            value={shown}
            placeholder={field.placeholder ?? t("fields.phone.placeholder")}
            maxLength={18}
            readOnly={field.readOnly}
            disabled={disabled}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={[`${id}-prefix`, describedBy].filter(Boolean).join(" ")}
            onChange={(event) => {
              const next = event.target.value.replace(/[^\d\s+()-]/g, "");
              setTyped(next);
              onChange(normalizeIndonesianPhone(next));
            }}
          />
        </div>
      )}
    </FieldFrame>
  );
}
