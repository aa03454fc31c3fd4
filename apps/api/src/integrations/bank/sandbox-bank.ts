import type { Db } from "@pinjaman/db";
import { sql } from "drizzle-orm";
import type { BankAdapter, BankRefund, BankTransfer, BankTransferResult } from "./bank-adapter.ts";

/** `SANDBOX_BANK_DISBURSAL`: pay, refuse every call (retryable), or refuse each transfer's first call (disbursals, withdrawals and refunds alike). */
export type SandboxBankBehaviour = "succeed" | "fail" | "fail_once";

/** An account number the sandbox bank always refuses for good, so a tester can see a failed disbursal or refund. */
export const SANDBOX_REFUSED_ACCOUNT_NUMBER = "0000000000";

type Memory = { calls: number; amount: number; account_number: string; paid_reference: string | null };

/**
 * The sandbox bank: pays nobody, remembers every reference in `sandbox_bank_transfers` (so every
 * process and a restart see the same memory) and answers a reference it has paid with the same
 * result, however often it is asked. One statement counts the call, so two concurrent calls with
 * one reference are told apart; the payment itself is set once (`coalesce`).
 */
export function sandboxBank(db: Db, behaviour: SandboxBankBehaviour): BankAdapter {
  async function pay(transfer: BankTransfer): Promise<BankTransferResult> {
    const seen = (await db.execute(sql`
      insert into sandbox_bank_transfers (reference, amount, bank_code, account_number, account_name)
      values (${transfer.reference}, ${transfer.amount}, ${transfer.bankCode}, ${transfer.accountNumber}, ${transfer.accountName})
      on conflict (reference) do update set calls = sandbox_bank_transfers.calls + 1
      returning calls, amount, account_number, paid_reference`)) as unknown as { rows: Memory[] };
    const memory = seen.rows[0]!;
    if (memory.paid_reference) return { ok: true, bankReference: memory.paid_reference };
    if (Number(memory.amount) !== transfer.amount || memory.account_number !== transfer.accountNumber) {
      return { ok: false, retryable: false, reason: "reference already used for another transfer" };
    }
    if (transfer.accountNumber === SANDBOX_REFUSED_ACCOUNT_NUMBER) return { ok: false, retryable: false, reason: "account closed (sandbox)" };
    if (behaviour === "fail" || (behaviour === "fail_once" && memory.calls === 1)) return { ok: false, retryable: true, reason: "bank unavailable (sandbox)" };
    const paid = (await db.execute(sql`
      update sandbox_bank_transfers
      set paid_reference = coalesce(paid_reference, ${`SBX-${transfer.reference}`}), paid_at = coalesce(paid_at, now())
      where reference = ${transfer.reference}
      returning paid_reference`)) as unknown as { rows: { paid_reference: string }[] };
    return { ok: true, bankReference: paid.rows[0]!.paid_reference };
  }
  return {
    transfer: pay,
    // A refund is a transfer back to the payer: the same memory, the same behaviour (SANDBOX_BANK_DISBURSAL).
    refund: (refund: BankRefund) => pay(refund),
  };
}
