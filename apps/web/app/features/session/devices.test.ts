import { describe, expect, it } from "vitest";
import { operatingSystem, sandboxPushToken } from "./devices.ts";

describe("operatingSystem (spec section 9)", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36", "web"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15", "web"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/156.0.0.0 Safari/537.36", "web"],
    ["Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36", "android"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "ios"],
    ["Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "ios"],
    ["", "web"],
  ])("%s → %s", (userAgent, os) => {
    expect(operatingSystem(userAgent)).toBe(os);
  });
});

describe("sandbox push adapter", () => {
  it("returns a different random token each time", async () => {
    const [a, b] = await Promise.all([sandboxPushToken(), sandboxPushToken()]);
    expect(a).toMatch(/^sandbox:[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});
