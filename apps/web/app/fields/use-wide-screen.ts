import { MOBILE_BREAKPOINT_PX } from "@pinjaman/domain/timings";
import { useSyncExternalStore } from "react";

const QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

function media(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  if (!list) return () => {};
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/**
 * True on screens 960 px wide or more (spec section 9's breakpoint). The server, and a browser
 * without matchMedia, count as narrow: the phone layout is the one rendered first.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
