import { expect } from "vitest";

/**
 * Checks a countdown the server computed from its own clock (`ceil((endsAt - now) / 1000)`, at
 * least `floor`) without assuming how long the call took: the server's `now` lies between
 * `before` (taken just before the call) and the moment this runs, so the answer must lie between
 * the seconds left at those two instants. A stalled machine widens the range instead of failing.
 */
export function expectSecondsLeft(seconds: number, endsAtMs: number, beforeMs: number, floor = 1): void {
  const afterMs = Date.now();
  const left = (at: number) => Math.max(floor, Math.ceil((endsAtMs - at) / 1000));
  expect(seconds).toBeGreaterThanOrEqual(left(afterMs));
  expect(seconds).toBeLessThanOrEqual(left(beforeMs));
}
