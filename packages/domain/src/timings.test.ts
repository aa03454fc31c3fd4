import { describe, expect, it } from "vitest";
import {
  CHAT_LOOKUP_INTERVAL_MS,
  CHAT_LOOKUP_TRIES,
  CHUNK_RELOAD_GUARD_MS,
  DELAYED_BUTTON_MS,
  DROPDOWN_MAX_HEIGHT_PX,
  MOBILE_BREAKPOINT_PX,
  PROGRESS_DURATION_MS,
  PROGRESS_THROTTLE_MS,
  RECORDING_SECONDS,
  RESEND_CODE_SECONDS,
  SESSION_REFRESH_BEFORE_MINUTES,
  SHUTTER_FLASH_MS,
  TKB_ROTATION_MS,
  WIDGET_RETRY_MS,
  errorStatus,
  minutesToMs,
  shouldReloadOnChunkError,
} from "./timings.ts";

describe("spec section 9 constants", () => {
  it("have the spec's values", () => {
    expect({
      TKB_ROTATION_MS,
      DELAYED_BUTTON_MS,
      RESEND_CODE_SECONDS,
      RECORDING_SECONDS,
      SHUTTER_FLASH_MS,
      PROGRESS_THROTTLE_MS,
      PROGRESS_DURATION_MS,
      WIDGET_RETRY_MS,
      CHAT_LOOKUP_TRIES,
      CHAT_LOOKUP_INTERVAL_MS,
      CHUNK_RELOAD_GUARD_MS,
      SESSION_REFRESH_BEFORE_MINUTES,
      MOBILE_BREAKPOINT_PX,
      DROPDOWN_MAX_HEIGHT_PX,
    }).toEqual({
      TKB_ROTATION_MS: 3000,
      DELAYED_BUTTON_MS: 60000,
      RESEND_CODE_SECONDS: 60,
      RECORDING_SECONDS: 30,
      SHUTTER_FLASH_MS: 500,
      PROGRESS_THROTTLE_MS: 200,
      PROGRESS_DURATION_MS: 5000,
      WIDGET_RETRY_MS: 800,
      CHAT_LOOKUP_TRIES: 20,
      CHAT_LOOKUP_INTERVAL_MS: 50,
      CHUNK_RELOAD_GUARD_MS: 60000,
      SESSION_REFRESH_BEFORE_MINUTES: 10,
      MOBILE_BREAKPOINT_PX: 960,
      DROPDOWN_MAX_HEIGHT_PX: 350,
    });
  });

  it("minutesToMs multiplies by 60000", () => {
    expect(minutesToMs(10)).toBe(600000);
    expect(minutesToMs(0)).toBe(0);
    expect(minutesToMs(SESSION_REFRESH_BEFORE_MINUTES)).toBe(600000);
  });
});

describe("errorStatus", () => {
  it("reads statusCode, then status, then response.status", () => {
    expect(errorStatus({ statusCode: 404, status: 400, response: { status: 401 } })).toBe(404);
    expect(errorStatus({ status: 403, response: { status: 401 } })).toBe(403);
    expect(errorStatus({ response: { status: 401 } })).toBe(401);
  });

  it("defaults to 500", () => {
    expect(errorStatus(new Error("boom"))).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus("404")).toBe(500);
    expect(errorStatus({ status: "404" })).toBe(500);
    expect(errorStatus({ status: 0 })).toBe(500);
    expect(errorStatus({ response: null })).toBe(500);
  });

  it("reads an Error carrying a status", () => {
    expect(errorStatus(Object.assign(new Error("gone"), { statusCode: 410 }))).toBe(410);
  });
});

describe("shouldReloadOnChunkError", () => {
  it("reloads at most once per 60 s", () => {
    expect(shouldReloadOnChunkError(null, 1_000_000)).toBe(true);
    expect(shouldReloadOnChunkError(1_000_000, 1_000_000)).toBe(false);
    expect(shouldReloadOnChunkError(1_000_000, 1_059_999)).toBe(false);
    expect(shouldReloadOnChunkError(1_000_000, 1_060_000)).toBe(true);
  });

  it("reloads when the last time lies in the future", () => {
    expect(shouldReloadOnChunkError(2_000_000, 1_000_000)).toBe(true);
  });
});
