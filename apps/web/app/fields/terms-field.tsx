import { t } from "@pinjaman/i18n";
import { useEffect, useRef, useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { FlowCheck } from "./flow-check.tsx";
import { useBlocking } from "./live-check.ts";
import "@pinjaman/i18n/ns/fields";

/** A couple of pixels of slack: zoomed pages report fractional scroll positions. */
const BOTTOM_SLACK_PX = 2;

function atBottom(box: HTMLElement): boolean {
  return box.scrollTop + box.clientHeight >= box.scrollHeight - BOTTOM_SLACK_PX;
}

/**
 * The terms text (config.text) in a scrollable box (spec section 4): the step's continue button
 * stays disabled (setBlocking) and the agree box cannot be ticked until the text has been
 * scrolled to the bottom. Agreeing stores true; the agree sentence is config.agree or the general
 * terms' one. A text short enough to need no scrolling, or
 * terms already agreed (a resumed progress), count as read.
 */
export default function TermsField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState(false);
  const read = scrolled || value === true;
  useBlocking(context.setBlocking, field.key, !read);

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
      {(a11y) => (
        <>
          <div
            ref={boxRef}
            className="flow-terms__text"
            tabIndex={0}
            role="region"
            aria-labelledby={a11y.labelId}
            data-testid={`${field.key}-text`}
            onScroll={(event) => {
              if (!scrolled && atBottom(event.currentTarget)) setScrolled(true);
            }}
          >
            {(field.config?.text ?? "").split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <FlowCheck
            a11y={a11y}
            name={field.key}
            checked={value === true}
            disabled={disabled || field.readOnly || !read}
            required={field.required}
            onChange={onChange}
          >
            {field.config?.agree ?? t("fields.terms.agree")}
          </FlowCheck>
        </>
      )}
    </FieldFrame>
  );
}
