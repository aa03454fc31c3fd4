import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { localDateOf, reminderDueOn } from "./payment-reminders.ts";

const DUE = "2026-03-10";
const on = (days: number) => addDays(DUE, days);

describe("reminderDueOn", () => {
  it.each([
    [-10, null],
    [-4, null],
    [-3, { kind: "before_3", on: on(-3) }],
    [-2, { kind: "before_3", on: on(-3) }],
    [-1, { kind: "before_1", on: on(-1) }],
    [0, { kind: "due", on: DUE }],
    [1, { kind: "late_1", on: on(1) }],
    [2, { kind: "late_1", on: on(1) }],
    [3, { kind: "late_3", on: on(3) }],
    [6, { kind: "late_3", on: on(3) }],
    [7, { kind: "late_7", on: on(7) }],
    [13, { kind: "late_7", on: on(7) }],
    [14, { kind: "late_14", on: on(14) }],
    [20, { kind: "late_14", on: on(14) }],
    [21, { kind: "late_21", on: on(21) }],
    [100, { kind: "late_98", on: on(98) }],
  ])("%i days from the due date: %j", (days, expected) => {
    expect(reminderDueOn(DUE, on(days))).toEqual(expected);
  });

  it("sends one reminder per kind over a delinquency walked day by day: the cadence 3, 1, 0 before and 1, 3, 7, 14, 21 … after", () => {
    const sent = new Set<string>();
    for (let d = -20; d <= 35; d++) sent.add(reminderDueOn(DUE, on(d))?.kind ?? "none");
    expect([...sent]).toEqual(["none", "before_3", "before_1", "due", "late_1", "late_3", "late_7", "late_14", "late_21", "late_28", "late_35"]);
  });

  it("never names a date after the local date, and never one more than 6 days before it once due", () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (days) => {
        const due = reminderDueOn(DUE, on(days));
        if (days < -3) return due === null;
        return due !== null && due.on <= on(days) && (days < 0 || due.on >= on(days - 6));
      }),
    );
  });
});

describe("localDateOf", () => {
  it("turns the date at midnight of each zone", () => {
    const at = new Date("2026-03-09T15:30:00Z"); // 22:30 WIB, 23:30 WITA, 00:30 WIT
    expect(localDateOf(at, "WIB")).toBe("2026-03-09");
    expect(localDateOf(at, "WITA")).toBe("2026-03-09");
    expect(localDateOf(at, "WIT")).toBe("2026-03-10");
  });
});
