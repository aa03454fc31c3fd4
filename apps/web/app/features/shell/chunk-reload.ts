import { shouldReloadOnChunkError } from "@pinjaman/domain/timings";

/**
 * A page built before a deploy asks for code chunks that are gone. Such a failure reloads the
 * page (fresh HTML, fresh chunk names) at most once per CHUNK_RELOAD_GUARD_MS, remembered in
 * sessionStorage so a chunk that is really broken cannot cause a reload loop (spec section 8).
 */

export const CHUNK_RELOAD_KEY = "pinjaman.chunk-reload-at";

const CHUNK_ERROR =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|failed to load module script/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message =
    reason instanceof Error ? reason.message : typeof reason === "string" ? reason : (reason as { message?: unknown } | null)?.message;
  return typeof message === "string" && CHUNK_ERROR.test(message);
}

let reloading = false;

function readLastReload(storage: Storage | undefined): number | null {
  const raw = storage?.getItem(CHUNK_RELOAD_KEY);
  if (raw === null || raw === undefined) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reloads the page unless it already did so within the guard interval; true when reloading. */
export function reloadForChunkError(now = Date.now(), reload: () => void = () => window.location.reload()): boolean {
  const storage = sessionStore();
  if (!shouldReloadOnChunkError(readLastReload(storage), now)) return false;
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Storage full or blocked: reload anyway; the guard just cannot hold.
  }
  reloading = true;
  reload();
  return true;
}

/** Listens for Vite's preload failures and unhandled dynamic-import rejections. */
export function installChunkReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadForChunkError()) event.preventDefault();
  };
  target.addEventListener("vite:preloadError", onPreloadError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("vite:preloadError", onPreloadError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}

/**
 * Wraps a lazy component's import: React catches its rejection (so no unhandledrejection fires),
 * hence the reload decision is taken here too. While reloading, the import never settles.
 */
export function loadChunk<T>(factory: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= factory().then(
      // Vite resolves to nothing when our preload-error listener took over: the page is reloading.
      (module) => (module === undefined && reloading ? new Promise<T>(() => {}) : module),
      (error: unknown) => {
        pending = undefined;
        if (reloading || (isChunkLoadError(error) && reloadForChunkError())) return new Promise<T>(() => {});
        throw error;
      },
    );
    return pending;
  };
}

/** Starts loading a chunk ahead of need (hover, focus); a failure waits for the real use. */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => {});
}
