import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { channelCodeOf, hasChannelFormat, parseChannelCodes, MAX_CUSTOMER_NUMBER, SANDBOX_CHANNEL_CODES, VIRTUAL_ACCOUNT_CHANNELS, virtualAccountNumber } from "./virtual-accounts.ts";

describe("virtualAccountNumber", () => {
  it("numbers as each bank does: code then zero-padded customer number", () => {
    const numbers = Object.fromEntries(VIRTUAL_ACCOUNT_CHANNELS.map((c) => [c, virtualAccountNumber(c, SANDBOX_CHANNEL_CODES, 42)]));
    expect(numbers).toEqual({
      bca_va: "3935800000000042",
      bni_va: "9888123400000042",
      bri_va: "777770000000042",
      mandiri_va: "8890800000000042",
      permata_va: "8528000000000042",
      cimb_va: "5919000000000042",
    });
  });

  it("gives distinct customer numbers distinct VA numbers of the channel's shape", () => {
    fc.assert(
      fc.property(fc.constantFrom(...VIRTUAL_ACCOUNT_CHANNELS), fc.integer({ min: 1, max: MAX_CUSTOMER_NUMBER }), fc.integer({ min: 1, max: MAX_CUSTOMER_NUMBER }), (channel, a, b) => {
        const na = virtualAccountNumber(channel, SANDBOX_CHANNEL_CODES, a);
        expect(hasChannelFormat(channel, na)).toBe(true);
        expect(na === virtualAccountNumber(channel, SANDBOX_CHANNEL_CODES, b)).toBe(a === b);
      }),
    );
  });

  it("refuses a code of the wrong width and a number out of range", () => {
    expect(MAX_CUSTOMER_NUMBER).toBe(99_999_999);
    expect(() => virtualAccountNumber("bca_va", { ...SANDBOX_CHANNEL_CODES, bca_va: "1234" }, 1)).toThrow(RangeError);
    expect(() => virtualAccountNumber("bni_va", SANDBOX_CHANNEL_CODES, 0)).toThrow(RangeError);
    expect(() => virtualAccountNumber("bni_va", SANDBOX_CHANNEL_CODES, 100_000_000)).toThrow(RangeError);
    expect(hasChannelFormat("bni_va", "1238123400000042")).toBe(false);
  });
});

describe("parseChannelCodes", () => {
  it("reads every channel's code, and refuses a missing, doubled, unknown or mis-sized one", () => {
    expect(parseChannelCodes("bca_va:39358, bni_va:81234,bri_va:77777,mandiri_va:88908,permata_va:8528,cimb_va:5919")).toEqual(SANDBOX_CHANNEL_CODES);
    expect(parseChannelCodes("bca_va:39358")).toBe("missing bni_va, bri_va, mandiri_va, permata_va, cimb_va");
    expect(parseChannelCodes("bca_va:3935")).toBe("bca_va needs a 5-digit code");
    expect(parseChannelCodes("bca_va:39358,bca_va:39358")).toBe("bca_va is given twice");
    expect(parseChannelCodes("ovo:123")).toMatch(/^"ovo:123" is not channel:code/);
  });

  it("finds the code again inside a number", () => {
    for (const channel of VIRTUAL_ACCOUNT_CHANNELS) expect(channelCodeOf(channel, virtualAccountNumber(channel, SANDBOX_CHANNEL_CODES, 7))).toBe(SANDBOX_CHANNEL_CODES[channel]);
  });
});
