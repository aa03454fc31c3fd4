import { formatSliderValue, sliderValue } from "@pinjaman/domain/field-rules/slider";
import { t } from "@pinjaman/i18n";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { useWideScreen } from "./use-wide-screen.ts";
import "@pinjaman/i18n/ns/fields";

/** The step between allowed values when they are evenly spaced, else 1 (snapping does the rest). */
function evenStep(values: readonly number[]): number {
  if (values.length < 2) return 1;
  const step = (values[1] as number) - (values[0] as number);
  return step > 0 && values.every((v, i) => i === 0 || v - (values[i - 1] as number) === step) ? step : 1;
}

/**
 * A whole-number choice among rangeValues (spec section 5): a range slider on screens 960 px
 * and wider, a select list below (and on the server, so phones get no layout jump). Amounts are
 * shown as "Rp …", terms as "… bulan".
 */
export default function SliderField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  const wide = useWideScreen();
  const allowed = [...new Set(field.rangeValues ?? [])].filter(Number.isFinite).sort((a, b) => a - b);
  const unit = field.config?.unit;
  const current = value === null || value === "" ? null : sliderValue(value, allowed);
  const pick = (raw: string) => onChange(sliderValue(raw, allowed));

  return (
    <FieldFrame field={field} errors={errors} status={wide && current !== null ? formatSliderValue(current, unit) : undefined}>
      {({ id, describedBy, invalid }) =>
        wide && allowed.length > 0 ? (
          <input
            id={id}
            name={field.key}
            type="range"
            className="flow-slider"
            min={allowed[0]}
            max={allowed[allowed.length - 1]}
            step={evenStep(allowed)}
            value={current ?? allowed[0]}
            disabled={disabled || field.readOnly}
            aria-valuetext={current !== null ? formatSliderValue(current, unit) : undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => pick(event.target.value)}
          />
        ) : (
          <select
            id={id}
            name={field.key}
            className="field__input flow-select"
            value={current === null ? "" : String(current)}
            disabled={disabled || field.readOnly}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => (event.target.value === "" ? onChange(null) : pick(event.target.value))}
          >
            {current === null && <option value="">{field.placeholder ?? t("fields.select.placeholder")}</option>}
            {allowed.map((amount) => (
              <option key={amount} value={String(amount)}>
                {formatSliderValue(amount, unit)}
              </option>
            ))}
          </select>
        )
      }
    </FieldFrame>
  );
}
