import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { businessDateOf, businessInstant, currentOccurrence, DAY_MS, dueOccurrences, instantOnBusinessDate } from "./business-clock.ts";

const wib = (iso: string) => new Date(`${iso}+07:00`);

describe("businessInstant", () => {
  it("is the real instant outside the sandbox and whole days later with an offset", () => {
    const real = new Date("2026-11-24T03:30:00Z");
    expect(businessInstant(real, 0).toISOString()).toBe("2026-11-24T03:30:00.000Z");
    expect(businessInstant(real, 3).toISOString()).toBe("2026-11-27T03:30:00.000Z");
  });

  it("refuses a negative or fractional offset", () => {
    expect(() => businessInstant(new Date(), -1)).toThrow(RangeError);
    expect(() => businessInstant(new Date(), 0.5)).toThrow(RangeError);
  });
});

describe("businessDateOf", () => {
  it("is the date in Jakarta: 17:00 UTC is already tomorrow", () => {
    expect(businessDateOf(new Date("2026-11-24T16:59:59Z"))).toBe("2026-11-24");
    expect(businessDateOf(new Date("2026-11-24T17:00:00Z"))).toBe("2026-11-25");
  });
});

describe("dueOccurrences", () => {
  it("a daily 02:00 job owes one run per business date whose 02:00 is in the span", () => {
    const runs = dueOccurrences({ daily: "02:00" }, wib("2026-11-24T10:00:00"), wib("2026-11-27T10:00:00"));
    expect(runs.map((r) => r.key)).toEqual(["2026-11-25", "2026-11-26", "2026-11-27"]);
    expect(runs[0]?.at.toISOString()).toBe("2026-11-24T19:00:00.000Z");
  });

  it("the start is excluded and the end included", () => {
    const at = wib("2026-11-25T02:00:00");
    expect(dueOccurrences({ daily: "02:00" }, at, new Date(at.getTime() + 1000))).toEqual([]);
    expect(dueOccurrences({ daily: "02:00" }, new Date(at.getTime() - 1000), at).map((r) => r.key)).toEqual(["2026-11-25"]);
    expect(dueOccurrences({ daily: "02:00" }, at, at)).toEqual([]);
  });

  it("an every-15-minutes job is keyed by date and slot", () => {
    const runs = dueOccurrences({ everyMinutes: 15 }, wib("2026-11-24T23:40:00"), wib("2026-11-25T00:15:00"));
    expect(runs.map((r) => r.key)).toEqual(["2026-11-24T23:45", "2026-11-25T00:00", "2026-11-25T00:15"]);
    expect(runs.map((r) => r.businessDate)).toEqual(["2026-11-24", "2026-11-25", "2026-11-25"]);
  });

  it("refuses a malformed schedule", () => {
    const now = new Date();
    expect(() => dueOccurrences({ daily: "24:00" }, now, now)).toThrow(RangeError);
    expect(() => dueOccurrences({ everyMinutes: 7 }, now, now)).toThrow(RangeError);
  });

  it("over n whole days a daily job owes exactly n runs, in order, on consecutive dates", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 23 }), (start, days, hour) => {
        const from = new Date(start);
        const runs = dueOccurrences({ daily: `${String(hour).padStart(2, "0")}:30` as `${number}:${number}` }, from, new Date(start + days * DAY_MS));
        expect(runs).toHaveLength(days);
        for (let i = 1; i < runs.length; i++) expect((runs[i]?.at.getTime() ?? 0) - (runs[i - 1]?.at.getTime() ?? 0)).toBe(DAY_MS);
        expect(new Set(runs.map((r) => r.key)).size).toBe(days);
      }),
    );
  });
});

describe("currentOccurrence", () => {
  it("before today's time it is yesterday's run, from it on today's", () => {
    expect(currentOccurrence({ daily: "02:00" }, wib("2026-11-25T01:59:00")).key).toBe("2026-11-24");
    expect(currentOccurrence({ daily: "02:00" }, wib("2026-11-25T02:00:00")).key).toBe("2026-11-25");
  });
});

describe("instantOnBusinessDate", () => {
  it("keeps the real time of day and moves to the business date, across a month end", () => {
    const real = new Date("2027-02-28T16:59:00Z"); // 23:59 WIB on 28 February
    expect(instantOnBusinessDate("2027-02-28", real)).toEqual(real);
    expect(instantOnBusinessDate("2027-03-01", real).toISOString()).toBe("2027-03-01T16:59:00.000Z");
    expect(businessDateOf(instantOnBusinessDate("2027-04-10", real))).toBe("2027-04-10");
  });
});
