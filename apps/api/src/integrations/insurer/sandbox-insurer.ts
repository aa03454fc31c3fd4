import { claimAmount } from "@pinjaman/domain/lender-insurance";
import type { InsurerAdapter } from "./insurer-adapter.ts";

/**
 * The sandbox insurer: accepts every claim and pays the policy's cover (lender-insurance.ts) at
 * once, answering a reference always the same way (it is a pure function of the claim), so a
 * repeated claim after a rolled-back run gets the same answer as a real insurer's idempotent API would.
 */
export function sandboxInsurer(): InsurerAdapter {
  return {
    async fileClaim(claim) {
      const amount = claimAmount(claim.outstandingPrincipal);
      if (amount <= 0) return { ok: false, retryable: false, reason: "nothing outstanding (sandbox)" };
      return { ok: true, insurerReference: `SBX-${claim.reference}`, amount };
    },
    async remit(remittance) {
      return { ok: true, insurerReference: `SBX-${remittance.reference}` };
    },
  };
}
