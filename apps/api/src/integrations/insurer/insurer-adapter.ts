import { ConfigError, type Config, type SimulableProvider } from "../../config.ts";
import { sandboxInsurer } from "./sandbox-insurer.ts";

/** A claim on one insured investment whose loan passed 90 days past due (decision 0024). */
export type InsuranceClaimRequest = {
  /** The caller's idempotency reference (`claim:<investment id>`): the insurer settles one reference once and answers a repeat with the first result. */
  reference: string;
  investmentId: string;
  loanAccountId: string;
  /** The lender's outstanding principal on the loan, whole rupiah. */
  outstandingPrincipal: number;
  daysPastDue: number;
};

export type InsuranceClaimResult =
  /** Paid into the platform's escrow account: `amount` is the cover the policy gives. */
  | { ok: true; insurerReference: string; amount: number }
  /** `retryable`: ask again on a later day; otherwise the claim is refused (never paid). */
  | { ok: false; retryable: boolean; reason: string };

/** A month's premiums and recoveries paid over to the insurer (decision 0024). */
export type InsurerRemittance = {
  /** Idempotent on the insurer's side, as a claim's: `remittance:<YYYY-MM>`. */
  reference: string;
  period: string;
  /** Whole rupiah, > 0. */
  amount: number;
};

export type InsurerRemittanceResult =
  | { ok: true; insurerReference: string }
  /** Not accepted (the insurer's account unreachable, a period it disputes): asked again the next day. */
  | { ok: false; reason: string };

export type InsurerAdapter = {
  fileClaim(claim: InsuranceClaimRequest): Promise<InsuranceClaimResult>;
  remit(remittance: InsurerRemittance): Promise<InsurerRemittanceResult>;
};

/**
 * The insurer for this configuration. Only the sandbox insurer exists: outside the sandbox the
 * server refuses to start rather than promise lenders a cover nobody pays.
 */
export function selectInsurer(config: Pick<Config, "sandbox" | "insurer"> & { simulatedProviders?: readonly SimulableProvider[] }): InsurerAdapter {
  if (config.insurer.adapter === "sandbox" && config.sandbox) return sandboxInsurer();
  // SIMULATED_PROVIDERS=insurer: a staging or pilot deployment knowingly runs the sandbox insurer.
  if (!config.sandbox && config.simulatedProviders?.includes("insurer")) return sandboxInsurer();
  throw new ConfigError(
    "Invalid configuration:\n  INSURER_ADAPTER: insuring lenders outside the sandbox needs an insurer adapter, and none is configured. " +
      "Start with SANDBOX=1 (the sandbox insurer pays every claim; INSURER_ADAPTER=sandbox), set SIMULATED_PROVIDERS=insurer to run it simulated knowingly, or add the insurer's adapter in apps/api/src/integrations/insurer/.",
  );
}
