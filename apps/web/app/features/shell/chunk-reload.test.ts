import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError } from "./chunk-reload.ts";

afterEach(() => {
  sessionStorage.clear();
});

describe("chunk reload", () => {
  it("recognises dynamic-import failures of the main browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: https://x/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Network request failed"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("reloads at most once a minute", () => {
    const reload = vi.fn();
    const t0 = 1_800_000_000_000;
    expect(reloadForChunkError(t0, reload)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(t0));
    expect(reloadForChunkError(t0 + 59_999, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(t0 + 60_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
