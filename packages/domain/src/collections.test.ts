import { describe, expect, it } from "vitest";
import { contactWindow, dpdBucket, promiseStatus } from "./collections.ts";

describe("dpdBucket", () => {
  it.each([
    [0, null],
    [-3, null],
    [1, "1_30"],
    [30, "1_30"],
    [31, "31_60"],
    [60, "31_60"],
    [61, "61_90"],
    [90, "61_90"],
    [91, "over_90"],
    [400, "over_90"],
  ] as const)("%i days past due is %s", (days, bucket) => {
    expect(dpdBucket(days)).toBe(bucket);
  });
});

describe("contactWindow (08:00–20:00 of the borrower's own time)", () => {
  // One UTC instant per local edge: WIB = UTC+7, WITA = UTC+8, WIT = UTC+9.
  const at = (utc: string) => new Date(`2026-11-24T${utc}:00Z`);
  it.each([
    // Jakarta (31), WIB
    ["31.71", "00:59", "WIB", "07:59", false],
    ["31.71", "01:00", "WIB", "08:00", true],
    ["31.71", "12:59", "WIB", "19:59", true],
    ["31.71", "13:00", "WIB", "20:00", false],
    // Bali (51), WITA
    ["51", "23:59", "WITA", "07:59", false],
    ["51", "00:00", "WITA", "08:00", true],
    ["51", "11:59", "WITA", "19:59", true],
    ["51", "12:00", "WITA", "20:00", false],
    // Papua (91), WIT
    ["91.71.01", "22:59", "WIT", "07:59", false],
    ["91.71.01", "23:00", "WIT", "08:00", true],
    ["91.71.01", "10:59", "WIT", "19:59", true],
    ["91.71.01", "11:00", "WIT", "20:00", false],
  ] as const)("region %s at %s UTC is %s %s: allowed %s", (region, utc, zone, local, allowed) => {
    expect(contactWindow(at(utc), region)).toEqual({ allowed, zone, localTime: local });
  });

  it("one instant differs by zone: 12:30 UTC is 19:30 in Jakarta (allowed) but 20:30 in Bali and 21:30 in Jayapura", () => {
    const instant = at("12:30");
    expect([contactWindow(instant, "32").allowed, contactWindow(instant, "51").allowed, contactWindow(instant, "94").allowed]).toEqual([true, false, false]);
  });

  it("an unknown region counts as WIB", () => {
    expect(contactWindow(at("01:00"), null)).toEqual({ allowed: true, zone: "WIB", localTime: "08:00" });
  });
});

describe("promiseStatus", () => {
  const promise = { promisedOn: "2026-11-30", amount: 500_000 };
  it("is kept once payments reach the amount, even before the date", () => {
    expect(promiseStatus(promise, 500_000, "2026-11-25")).toBe("kept");
    expect(promiseStatus(promise, 600_000, "2026-12-10")).toBe("kept");
  });
  it("is pending up to and including its date, broken after it", () => {
    expect(promiseStatus(promise, 499_999, "2026-11-30")).toBe("pending");
    expect(promiseStatus(promise, 499_999, "2026-12-01")).toBe("broken");
  });
});
