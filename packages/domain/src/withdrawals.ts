/**
 * A lender's withdrawal from an investment account (issue 9 §2, decision 0020).
 * The smallest amount: Rp 50.000, what Indonesian P2P platforms commonly set so that a transfer
 * is worth its bank fee (which the platform bears); the largest is what is available.
 */
export const WITHDRAWAL_MIN_AMOUNT = 50_000;

/** The one-time code confirms exactly this account and amount: a code for another amount does not authorise it. */
export function withdrawalSubject(accountId: string, amount: number): string {
  return `withdrawal:${accountId}:${amount}`;
}
