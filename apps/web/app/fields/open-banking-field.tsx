import { WIDGET_RETRY_MS } from "@pinjaman/domain/timings";
import { t } from "@pinjaman/i18n";
import { useEffect, useRef, useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/media_fields";
import "./media-fields.css";

/** The sandbox provider's widget, served by our API (apps/api/src/integrations/open-banking). */
export const OPEN_BANKING_WIDGET_URL = "/pub_api/v1/open/sandbox/open_banking/widget.js";

export type OpenBankingEvent = { type: "loaded" } | { type: "finished"; connection_id: string } | { type: "error"; message?: string };

export type OpenBankingWidget = {
  setup(options: {
    flowProgressId: string;
    customerId: string | null;
    container: HTMLElement;
    onEvent(event: OpenBankingEvent): void;
  }): { destroy?(): void } | void;
};

declare global {
  interface Window {
    PinjamanOpenBanking?: OpenBankingWidget;
  }
}

/**
 * Adds the widget's script once per page. It is created by this (trusted) chunk, so the page's
 * CSP ('strict-dynamic' with a nonce) lets it run without a nonce of its own.
 */
function loadWidgetScript(): void {
  if (document.querySelector("script[data-open-banking-widget]")) return;
  const script = document.createElement("script");
  script.src = OPEN_BANKING_WIDGET_URL;
  script.async = true;
  script.dataset.openBankingWidget = "";
  document.head.appendChild(script);
}

/**
 * open_banking: loads the provider's widget with the flow progress id and the customer id, and
 * retries its setup every 800 ms until the widget is there (spec section 7). When the widget
 * reports "finished" the field takes the connection id and the flow moves on.
 */
export default function OpenBankingField({ field, value, onChange, errors, context }: FieldRendererProps) {
  const { flowProgressId, customerId, advance } = context;
  const connected = typeof value === "string" && value !== "";
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [ready, setReady] = useState(false);
  const [finishedWith, setFinishedWith] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  const advancedFor = useRef<string | null>(null);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (connected || !flowProgressId) return;
    const container = containerRef.current;
    if (!container) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let instance: { destroy?(): void } | void;
    let closed = false;
    loadWidgetScript();
    const attempt = () => {
      timer = null;
      if (closed) return;
      const widget = window.PinjamanOpenBanking;
      if (!widget || typeof widget.setup !== "function") {
        timer = setTimeout(attempt, WIDGET_RETRY_MS);
        return;
      }
      instance = widget.setup({
        flowProgressId,
        customerId,
        container,
        onEvent: (event) => {
          if (closed) return;
          if (event.type === "loaded") setReady(true);
          else if (event.type === "error") setError(event.message ?? null);
          else if (event.type === "finished") {
            setError(null);
            onChangeRef.current(event.connection_id);
            setFinishedWith(event.connection_id);
          }
        },
      });
      setReady(true);
    };
    attempt();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      instance?.destroy?.();
    };
  }, [connected, flowProgressId, customerId]);

  // Advance only once the page holds the connection id, so the move sends it.
  useEffect(() => {
    if (finishedWith !== null && value === finishedWith && advancedFor.current !== finishedWith) {
      advancedFor.current = finishedWith;
      advance();
    }
  }, [finishedWith, value, advance]);

  const shownErrors = error ? [error, ...errors] : errors;

  return (
    <FieldFrame field={field} errors={shownErrors} labelMode="group" className="media-field open-banking-field">
      {() =>
        connected ? (
          <p className="media-field__done" role="status">
            {t("media_fields.open_banking.connected")}
          </p>
        ) : !flowProgressId ? (
          <p className="flow-field__status">{t("media_fields.open_banking.no_progress")}</p>
        ) : (
          <>
            {!ready && (
              <p className="flow-field__status" role="status">
                {t("media_fields.open_banking.loading")}
              </p>
            )}
            <div ref={containerRef} className="open-banking-field__widget" data-provider={field.config?.provider ?? "sandbox"} />
          </>
        )
      }
    </FieldFrame>
  );
}
