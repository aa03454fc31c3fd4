import type { ReactNode } from "react";
import { LoadingBox } from "./loading-box.tsx";
import type { Loaded } from "./use-loaded.ts";

/** A loaded list (useLoaded): the spinner, the error, `empty` when there is nothing, else the items. */
export function LoadedList<T>({ loaded, empty, children }: { loaded: Loaded<T[]>; empty: string; children: (items: T[]) => ReactNode }) {
  return (
    <LoadingBox loaded={loaded !== null} error={loaded?.error}>
      {loaded?.data && (loaded.data.length === 0 ? <p>{empty}</p> : children(loaded.data))}
    </LoadingBox>
  );
}
