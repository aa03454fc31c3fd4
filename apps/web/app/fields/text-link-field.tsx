import { t } from "@pinjaman/i18n";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";

/** Only web links and site paths open: a link from data must never run script (javascript:). */
function safeHref(link: unknown): string | null {
  if (typeof link !== "string" || link.trim() === "") return null;
  const href = link.trim();
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  try {
    const url = new URL(href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A document to read (spec section 3: current_value is the document link), opened in a new tab. */
export default function TextLinkField({ field, value, errors }: FieldRendererProps) {
  const href = safeHref(value) ?? safeHref(field.current_value);
  return (
    <FieldFrame field={field} errors={errors} labelMode="none">
      {({ id, describedBy }) =>
        href ? (
          <a id={id} className="flow-link" href={href} target="_blank" rel="noopener noreferrer" aria-describedby={describedBy}>
            {field.label || t("fields.text_link.open")} <span className="sr-only">{t("fields.text_link.new_tab")}</span>
          </a>
        ) : (
          <p id={id} className="flow-link flow-link--missing">
            {field.label}: {t("fields.text_link.missing")}
          </p>
        )
      }
    </FieldFrame>
  );
}
