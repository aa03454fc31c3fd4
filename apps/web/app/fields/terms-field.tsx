import { t } from "@pinjaman/i18n";
import { useEffect, useRef, useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";

/** A couple of pixels of slack: zoomed pages report fractional scroll positions. */
const BOTTOM_SLACK_PX = 2;

function atBottom(box: HTMLElement): boolean {
  return box.scrollTop + box.clientHeight >= box.scrollHeight - BOTTOM_SLACK_PX;
}

/**
 * The terms text (config.text) in a scrollable box (spec section 4): the step's continue button
 * stays disabled (setBlocking) and the agree box cannot be ticked until the text has been
 * scrolled to the bottom. Agreeing stores true. A text short enough to need no scrolling, or
 * terms already agreed (a resumed progress), count as read.
 */
export default function TermsField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState(false);
  const read = scrolled || value === true;
  const { setBlocking } = context;

  useEffect(() => {
    setBlocking(field.key, !read);
  }, [setBlocking, field.key, read]);
  useEffect(() => () => setBlocking(field.key, false), [setBlocking, field.key]);

  // A text that fits without scrolling is read as soon as it is shown.
  useEffect(() => {
    const box = boxRef.current;
    if (!box || box.scrollHeight === 0) return;
    if (box.scrollHeight <= box.clientHeight) {
      const frame = requestAnimationFrame(() => setScrolled(true));
      return () => cancelAnimationFrame(frame);
    }
  }, []);

  return (
    <FieldFrame field={field} errors={errors} labelMode="group" status={read ? t("fields.terms.read") : t("fields.terms.scroll_hint")}>
      {({ id, labelId, describedBy, invalid }) => (
        <>
          <div
            ref={boxRef}
            className="flow-terms__text"
            tabIndex={0}
            role="region"
            aria-labelledby={labelId}
            data-testid={`${field.key}-text`}
            onScroll={(event) => {
              if (!scrolled && atBottom(event.currentTarget)) setScrolled(true);
            }}
          >
            {(field.config?.text ?? "").split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <label className="flow-check" htmlFor={id}>
            <input
              id={id}
              name={field.key}
              type="checkbox"
              checked={value === true}
              disabled={disabled || field.readOnly || !read}
              required={field.required}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.checked)}
            />
            <span>{t("fields.terms.agree")}</span>
          </label>
        </>
      )}
    </FieldFrame>
  );
}
