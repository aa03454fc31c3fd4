import { t } from "@pinjaman/i18n";
import { useEffect, useEffectEvent } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame, textOf } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";

/** Fills itself with the affiliate code stored at client start (spec section 4); shown read-only. */
export default function CustomerAffiliateField({ field, value, onChange, errors, context }: FieldRendererProps) {
  const { affiliate } = context;
  const fill = useEffectEvent((code: string) => {
    if (value !== code) onChange(code);
  });

  useEffect(() => {
    if (affiliate !== "") fill(affiliate);
  }, [affiliate]);

  const shown = textOf(value) || affiliate;
  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy }) => (
        <output id={id} className="flow-affiliate" aria-describedby={describedBy}>
          {shown || t("fields.affiliate.empty")}
        </output>
      )}
    </FieldFrame>
  );
}
