import type { Db } from "@pinjaman/db";
import { ConfigError, type Config, type SimulableProvider } from "../../config.ts";
import { sandboxBank } from "./sandbox-bank.ts";

/** A transfer from the platform's escrow account to a borrower's or lender's bank account (disbursal, withdrawal). */
export type BankTransfer = {
  /**
   * The caller's idempotency reference (the disbursal id): the bank pays one reference once and
   * answers a repeated call with the first call's result.
   */
  reference: string;
  /** Whole rupiah. */
  amount: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
};

export type BankTransferResult =
  | { ok: true; bankReference: string }
  /** `retryable`: try again later (bank down, timeout); otherwise never (account closed, name mismatch). */
  | { ok: false; retryable: boolean; reason: string };

/**
 * Money returned from the escrow account to whoever paid it in (a parked payment refunded by an
 * operator, decision 0033): a transfer that names the incoming payment it returns, so the bank
 * (and the payer's statement) can tie the two together.
 */
export type BankRefund = BankTransfer & {
  /** The payment gateway's transaction id of the money being returned. */
  originalTransactionId: string;
};

export type BankAdapter = {
  transfer(transfer: BankTransfer): Promise<BankTransferResult>;
  /** Same idempotency and answers as `transfer`: one reference is paid once. */
  refund(refund: BankRefund): Promise<BankTransferResult>;
};

/**
 * The bank adapter for this configuration. Only the sandbox bank exists: outside the sandbox the
 * server refuses to start rather than pretend to pay borrowers, unless the deployment says it
 * runs the bank simulated (SIMULATED_PROVIDERS=bank: a staging or pilot installation).
 */
export function selectBank(config: Pick<Config, "sandbox" | "bank"> & { simulatedProviders?: readonly SimulableProvider[] }, db: Db): BankAdapter {
  if (config.bank.adapter === "sandbox" && config.sandbox) return sandboxBank(db, config.bank.sandboxDisbursal);
  if (!config.sandbox && config.simulatedProviders?.includes("bank")) return sandboxBank(db, config.bank.sandboxDisbursal);
  throw new ConfigError(
    "Invalid configuration:\n  BANK_ADAPTER: paying borrowers outside the sandbox needs a bank adapter, and none is configured. " +
      "Start with SANDBOX=1 (the sandbox bank pays nobody; BANK_ADAPTER=sandbox), set SIMULATED_PROVIDERS=bank to run it simulated knowingly, or add the bank's adapter in apps/api/src/integrations/bank/.",
  );
}
