import { t } from "@pinjaman/i18n";
import { lazy, Suspense, useState } from "react";
import { loadChunk, preload } from "./chunk-reload.ts";
import { ChatIcon } from "./icons.tsx";
import "@pinjaman/i18n/ns/shell";

const loadChatPanel = loadChunk(() => import("./chat-panel.tsx"));
const ChatPanel = lazy(loadChatPanel);
const preloadChatPanel = () => preload(loadChatPanel);

/** The floating live-chat button; the panel's code loads when it is first opened. */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="chat-launcher"
        aria-label={t("shell.chat.open")}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadChatPanel}
        onFocus={preloadChatPanel}
      >
        <ChatIcon />
        <span className="chat-launcher__text" aria-hidden="true">
          {t("shell.chat.open")}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
