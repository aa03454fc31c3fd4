/**
 * The flow engine's ownership rule, used wherever a flow progress id comes in: a progress with a
 * customer is reachable only by that customer; one without a customer yet (a public flow before
 * its account step) by whoever holds its id. Anyone else must get the same 404 as for a missing id.
 */
export function progressReachableBy(progress: { customerId: string | null }, customerId: string | null | undefined): boolean {
  return progress.customerId === null || progress.customerId === customerId;
}
