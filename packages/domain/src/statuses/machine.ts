/**
 * A status machine written as data: each event names the statuses it may leave and the one it
 * enters. Anything not in the table is refused. Pure; the API records every step
 * (status_transitions) and moves a row with a conditional UPDATE on the `from` it expects.
 */
export type EventRule<S extends string> = { readonly from: readonly S[]; readonly to: S };

export type StatusMachine<S extends string, E extends string> = {
  readonly statuses: readonly S[];
  /** Statuses a record may be created in (recorded as a transition from nothing). */
  readonly initial: readonly S[];
  readonly events: { readonly [K in E]: EventRule<S> };
};

/** The status after `event` from `from`, or null when the table has no such step. */
export function nextStatus<S extends string, E extends string>(machine: StatusMachine<S, E>, from: S, event: E): S | null {
  const rule = Object.hasOwn(machine.events, event) ? machine.events[event] : undefined;
  return rule && rule.from.includes(from) ? rule.to : null;
}

/** The events the table allows from a status, in table order. */
export function eventsFrom<S extends string, E extends string>(machine: StatusMachine<S, E>, from: S): E[] {
  return (Object.keys(machine.events) as E[]).filter((event) => machine.events[event].from.includes(from));
}

/** Every (from, event, to) step of the table. */
export function steps<S extends string, E extends string>(machine: StatusMachine<S, E>): { from: S; event: E; to: S }[] {
  return (Object.keys(machine.events) as E[]).flatMap((event) => machine.events[event].from.map((from) => ({ from, event, to: machine.events[event].to })));
}

/** Statuses no event leaves. */
export function finalStatuses<S extends string, E extends string>(machine: StatusMachine<S, E>): S[] {
  return machine.statuses.filter((s) => eventsFrom(machine, s).length === 0);
}
