import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventsFrom, finalStatuses, nextStatus, steps, type StatusMachine } from "./machine.ts";
import { ACCOUNT_MACHINE, APPLICATION_MACHINE, IN_FLIGHT_APPLICATION_STATUSES, INVESTMENT_MACHINE } from "./tables.ts";

const MACHINES = { application: APPLICATION_MACHINE, account: ACCOUNT_MACHINE, investment: INVESTMENT_MACHINE } as Record<string, StatusMachine<string, string>>;

describe("application transition table", () => {
  it("has exactly these steps (from → event → to)", () => {
    expect(steps(APPLICATION_MACHINE).map(({ from, event, to }) => `${from} -${event}-> ${to}`)).toEqual([
      "draft -submit-> submitted",
      "submitted -approve-> waiting_for_investment",
      "submitted -reject-> rejected",
      "rejected -overturn_rejection-> waiting_for_investment",
      "waiting_for_investment -withdraw_approval-> rejected",
      "draft -cancel-> cancelled",
      "submitted -cancel-> cancelled",
      "waiting_for_investment -cancel-> cancelled",
      "waiting_for_deadline -cancel-> cancelled",
      "waiting_for_investment -expire-> cancelled",
      "waiting_for_investment -fund-> waiting_for_deadline",
      "waiting_for_deadline -start_disbursal-> in_disbursement",
      "in_disbursement -abort_disbursal-> cancelled",
      "in_disbursement -disburse-> activated",
      "submitted -take_effect-> active",
      "activated -supersede-> deactivated",
      "active -supersede-> deactivated",
      "activated -close-> closed",
      "active -close-> closed",
    ]);
  });

  it("ends in cancelled, rejected only by an operator's overturn, deactivated and closed", () => {
    expect(finalStatuses(APPLICATION_MACHINE)).toEqual(["cancelled", "deactivated", "closed"]);
    expect(eventsFrom(APPLICATION_MACHINE, "rejected")).toEqual(["overturn_rejection"]);
  });

  it("the borrower may cancel until the money moves, not after", () => {
    const cancellable = APPLICATION_MACHINE.statuses.filter((s) => nextStatus(APPLICATION_MACHINE, s, "cancel") === "cancelled");
    expect(cancellable).toEqual(["draft", "submitted", "waiting_for_deadline", "waiting_for_investment"]);
    expect(nextStatus(APPLICATION_MACHINE, "in_disbursement", "cancel")).toBeNull();
  });

  it("in flight: every status that still waits for decision, funding or disbursal", () => {
    for (const s of IN_FLIGHT_APPLICATION_STATUSES) expect(finalStatuses(APPLICATION_MACHINE)).not.toContain(s);
    expect(IN_FLIGHT_APPLICATION_STATUSES).not.toContain("rejected");
    expect(IN_FLIGHT_APPLICATION_STATUSES).not.toContain("activated");
  });
});

describe("account and investment transition tables", () => {
  it("account: pending becomes active at disbursal or closed (never activated) when its application ends", () => {
    expect(steps(ACCOUNT_MACHINE).map(({ from, event, to }) => `${from} -${event}-> ${to}`)).toEqual([
      "pending -activate-> active",
      "pending -abandon-> closed",
      "active -close-> closed",
      "active -start_sale-> sold_transfer_period",
      "sold_transfer_period -complete_sale-> sold",
      "sold_transfer_period -cancel_sale-> active",
      "active -write_off-> written_off",
    ]);
    expect(finalStatuses(ACCOUNT_MACHINE)).toEqual(["closed", "sold", "written_off"]);
  });

  it("investment: pending settles or is canceled; a settled one closes", () => {
    expect(steps(INVESTMENT_MACHINE).map(({ from, event, to }) => `${from} -${event}-> ${to}`)).toEqual([
      "pending -settle-> settled",
      "pending -cancel-> canceled",
      "settled -close-> closed",
    ]);
  });
});

describe.each(Object.entries(MACHINES))("%s machine", (_name, machine) => {
  const events = Object.keys(machine.events);

  it("refuses every (status, event) pair that is not in the table", () => {
    const allowed = new Set(steps(machine).map(({ from, event }) => `${from}/${event}`));
    let refused = 0;
    for (const from of machine.statuses) {
      for (const event of events) {
        const to = nextStatus(machine, from, event);
        if (allowed.has(`${from}/${event}`)) expect(to).toBe(machine.events[event]!.to);
        else {
          expect(to, `${from}/${event}`).toBeNull();
          refused++;
        }
      }
    }
    expect(refused).toBe(machine.statuses.length * events.length - allowed.size);
    expect(nextStatus(machine, machine.statuses[0]!, "toString")).toBeNull();
    expect(nextStatus(machine, machine.statuses[0]!, "no_such_event")).toBeNull();
  });

  it("every status is reachable from an initial one, and every target is a known status", () => {
    const reached = new Set<string>(machine.initial);
    for (let grew = true; grew; ) {
      grew = false;
      for (const { from, to } of steps(machine)) {
        if (reached.has(from) && !reached.has(to)) {
          reached.add(to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...machine.statuses].sort());
  });

  it("random event sequences only ever take steps of the table", () => {
    const table = new Set(steps(machine).map(({ from, event, to }) => `${from}/${event}/${to}`));
    fc.assert(
      fc.property(fc.constantFrom(...machine.initial), fc.array(fc.constantFrom(...events, "bogus"), { maxLength: 40 }), (initial, sequence) => {
        let status = initial;
        for (const event of sequence) {
          const to = nextStatus(machine, status, event);
          if (to === null) {
            expect(eventsFrom(machine, status)).not.toContain(event);
            continue; // refused: the status stays
          }
          expect(table.has(`${status}/${event}/${to}`)).toBe(true);
          status = to;
        }
        expect(machine.statuses).toContain(status);
      }),
      { numRuns: 500 },
    );
  });
});
