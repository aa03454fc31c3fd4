import type { TkbResponse } from "@pinjaman/contracts/company";
import { TKB_ROTATION_MS } from "@pinjaman/domain/timings";
import { t } from "@pinjaman/i18n";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { loadChunk, preload } from "./chunk-reload.ts";
import { InfoIcon } from "./icons.tsx";
import { formatTkbEntry, formatTkbPercentage } from "./tkb.ts";
import "@pinjaman/i18n/ns/shell";

const loadTkbModal = loadChunk(() => import("./tkb-modal.tsx"));
const TkbModal = lazy(loadTkbModal);
const preloadTkbModal = () => preload(loadTkbModal);

/**
 * The header's success-rate figure: cycles through the TKB entries every TKB_ROTATION_MS; the
 * info button opens the explanation. The changing text is hidden from assistive technology (it
 * would be announced every 3 s); the button's static name and a summary of every figure stand
 * in for it.
 */
export function TkbIndicator({ tkb }: { tkb: TkbResponse }) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const summaryId = useId();
  const count = tkb.data.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TKB_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count]);

  const current = tkb.data[index % Math.max(count, 1)];
  if (!current) return <div className="tkb" />;

  const openModal = () => setOpen(true);

  return (
    <div className="tkb">
      {/* A click on the figure opens the explanation too; keyboard and AT use the button. */}
      <span className="tkb__ticker" data-testid="tkb-indicator" aria-live="off" aria-hidden="true" onClick={openModal} onPointerEnter={preloadTkbModal}>
        {formatTkbEntry(current)}
      </span>
      <button
        type="button"
        className="tkb__info"
        aria-label={t("shell.tkb.info_button")}
        aria-describedby={summaryId}
        aria-haspopup="dialog"
        onClick={openModal}
        onPointerEnter={preloadTkbModal}
        onFocus={preloadTkbModal}
      >
        <InfoIcon />
      </button>
      <span id={summaryId} className="sr-only">
        {t("shell.tkb.summary", { values: tkb.data.map(formatTkbEntry).join(", ") })}
      </span>
      {open && (
        <Suspense fallback={null}>
          <TkbModal
            rows={tkb.data.map((entry) => ({ name: entry.name, percentage: formatTkbPercentage(entry.percentage) }))}
            lastUpdate={tkb.last_update}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
