import { useEffect, type RefObject } from "react";

type TextLike = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isTextLike = (el: Element): el is TextLike =>
  (el instanceof HTMLInputElement && !["checkbox", "radio", "file", "hidden", "submit", "button"].includes(el.type)) ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/** What the server rendered into the element (its value attribute, or the option it marked selected). */
function renderedValue(el: TextLike): string {
  if (el instanceof HTMLSelectElement) return [...el.options].find((o) => o.defaultSelected)?.value ?? el.options[0]?.value ?? "";
  return el.defaultValue;
}

/** Replays text typed into `el` before hydration as an input event React sees as a change. */
function replayTyped(el: TextLike): void {
  const typed = el.value;
  const rendered = renderedValue(el);
  if (typed === rendered) return;
  el.value = rendered;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set?.call(el, typed);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/**
 * On a slow phone a person can type into a server-rendered form (a flow's step, /login) before
 * its scripts have hydrated it: the input shows the text, but React's state never saw it, so the
 * first "Lanjutkan" or "Masuk" would send the field empty. Once, after hydration, every named field whose text
 * differs from what the server rendered is replayed as an input event through the field's own
 * onChange (with its own normalising), as if typed now. React tracks a controlled input's last
 * value on the element; setting the rendered value through the element and the typed one through
 * the prototype's setter leaves the two different, so React sees the event as a change.
 */
export function useAdoptTypedInput(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    for (const el of form.current?.elements ?? []) if (isTextLike(el) && el.name) replayTyped(el);
    // Once per mount: after hydration the fields are React's.
  }, [form]);
}
