import { schema, type Db } from "@pinjaman/db";
import { invoiceOutstanding } from "@pinjaman/domain/invoices";
import { balanceOf } from "@pinjaman/domain/ledger";
import { premiumRatePpm } from "@pinjaman/domain/lender-insurance";
import { withholdingTaxRatePpm } from "@pinjaman/domain/lender-split";
import { waiveInterest } from "@pinjaman/domain/payoff";
import { allocatePayment, applyAllocation, type PaymentAllocation } from "@pinjaman/domain/repayment-allocation";
import { lenderPayouts, type LenderPayout } from "@pinjaman/domain/repayment-shares";
import { and, eq, sql } from "drizzle-orm";
import { createTransfers, openLedgerAccount, openLedgerAccounts, type LedgerAccount, type LedgerAccountSpec, type TransferInput } from "../ledger/ledger-service.ts";
import type { StoredInvoice } from "../invoices/schedule-fixing.ts";
import { payoffOf, type LoanPosition } from "./loan-position.ts";

/**
 * PPh 23 (residents) or PPh 26 (non-residents) on a lender's gross interest (PMK 69/2022,
 * decision 0024), by the lender profile's tax residency; a lender without a profile (sandbox and
 * older lenders) is withheld at the resident rate. A share the insurer holds after a claim is not
 * a lender's interest: nothing is withheld from it.
 */
const withholdingRatePpm = (lender: LenderOfLoan): number => (lender.claimed ? 0 : withholdingTaxRatePpm(lender.taxResidency ?? "resident"));

export type LoanAllocation = {
  lateFee: number;
  interest: number;
  principal: number;
  credit: number;
  creditUsed: number;
  waivedInterest: number;
  /** Each lender's part (not the insurer's parts of claimed shares), for recordInvestmentRepayments once the payment is stored. */
  payouts: LenderPayout[];
  /** Every invoice is paid: the caller closes the loan. */
  paidOff: boolean;
};

/**
 * Which invoices a payment that does not pay the loan off goes to (decision 0016): every open
 * invoice due on or before today, then the next one (what the borrower is shown as next_amount,
 * so paying an instalment early pays it). What is left is kept as credit for the next payment.
 */
function invoicesToPay(invoices: readonly StoredInvoice[], today: string): StoredInvoice[] {
  const open = invoices.filter((i) => invoiceOutstanding(i) > 0);
  const next = open.find((i) => i.dueOn > today);
  return open.filter((i) => i.dueOn <= today || i === next);
}

const sumOf = (allocation: PaymentAllocation, part: "lateFee" | "interest" | "principal") => allocation.invoices.reduce((s, a) => s + a[part], 0);

/**
 * Allocates `amount` (plus the borrower's earlier credit, used first) to a locked, active loan in
 * the caller's transaction: invoices' paid parts, the account's principal balance, and one ledger
 * batch (decision 0009 "Repayment"): the payment arrives bank_escrow → borrower_clearing, then
 * late fee → late_fees (shared out to the lenders), each lender's interest less the platform fee
 * → lender_funds, the fee → platform_fees, principal → loan_receivable with each lender's share
 * lender_investment → lender_funds, the rest → borrower_credit. One batch locks its ledger
 * accounts in id order, so concurrent payments and disbursals cannot deadlock on them.
 * When `amount` + credit reaches the payoff amount of today, the loan is paid off: the interest
 * not yet earned is waived on the newest invoices (decision 0013) and every invoice is paid.
 */
export async function allocateToLoan(
  tx: Db,
  input: {
    paymentId: string;
    borrowerId: string;
    accountId: string;
    virtualAccountNumber: string;
    amount: number;
    businessDate: string;
    platformFeePpm: number;
    /**
     * Where the money comes from: the escrow (a payment arriving, the default), or payment
     * suspense (a parked payment an operator matched to this loan, decision 0033).
     */
    from?: "bank_escrow" | "payment_suspense";
  },
  position: LoanPosition,
): Promise<LoanAllocation> {
  const { businessDate } = input;
  const ledger = await loanLedgerAccounts(tx, input, position);
  if (input.from === "payment_suspense") ledger.arrivesFrom = await openLedgerAccount(tx, "payment_suspense");
  const creditUsed = balanceOf("borrower_credit", ledger.credit).available;
  const funds = input.amount + creditUsed;
  const payoff = payoffOf(position, businessDate);
  const payingOff = funds >= payoff.total;
  const billed = payingOff ? waiveInterest(position.invoices, payoff.waivedInterest) : position.invoices;
  const allocation = allocatePayment(payingOff ? billed : invoicesToPay(billed, businessDate), funds);
  const parts = { lateFee: sumOf(allocation, "lateFee"), interest: sumOf(allocation, "interest"), principal: sumOf(allocation, "principal") };

  const stillOpen = await writeInvoices(tx, position.invoices, billed, allocation, businessDate);
  if (parts.principal > 0) {
    await tx.update(schema.accounts).set({ principalBalance: sql`${schema.accounts.principalBalance} - ${parts.principal}::bigint` }).where(eq(schema.accounts.id, input.accountId));
  }
  const payouts = lenderPayouts(
    parts,
    ledger.lenders.map((l) => ({
      investmentId: l.investment.id,
      amount: l.investment.amount,
      outstandingPrincipal: balanceOf(l.share.kind, l.share).posted,
      taxRatePpm: withholdingRatePpm(l),
      premiumRatePpm: premiumRatePpm({ insured: l.investment.insured, claimed: l.claimed }),
    })),
    input.platformFeePpm,
  );
  await createTransfers(tx, movements(input, ledger, { ...parts, credit: allocation.credit, creditUsed }, payouts));
  return { ...parts, payouts: payouts.filter((_, k) => !ledger.lenders[k]!.claimed), credit: allocation.credit, creditUsed, waivedInterest: payingOff ? payoff.waivedInterest : 0, paidOff: stillOpen === 0 };
}

/**
 * Writes each allocated invoice's new paid parts, paid (with paid_on) when nothing is left; with
 * a payoff, the interest waived on an invoice lowers its interest and total and is recorded.
 * Answers how many of the loan's invoices are still open (the position holds them all, locked).
 */
async function writeInvoices(tx: Db, originals: readonly StoredInvoice[], billed: readonly StoredInvoice[], allocation: PaymentAllocation, businessDate: string): Promise<number> {
  const touched = new Set(allocation.invoices.map((a) => a.number));
  let stillOpen = 0;
  for (const after of applyAllocation(billed, allocation)) {
    const waived = originals.find((i) => i.number === after.number)!.interest - after.interest;
    const paid = invoiceOutstanding(after) === 0;
    const written = touched.has(after.number) || waived !== 0;
    if (after.status === "open" && !(written && paid)) stillOpen += 1;
    if (!written) continue;
    await tx
      .update(schema.invoices)
      .set({
        interest: after.interest,
        total: after.principal + after.interest,
        waivedInterest: after.waivedInterest + waived,
        paidLateFee: after.paidLateFee,
        paidInterest: after.paidInterest,
        paidPrincipal: after.paidPrincipal,
        ...(paid ? { status: "paid" as const, paidOn: businessDate } : {}),
      })
      .where(eq(schema.invoices.id, after.id));
  }
  return stillOpen;
}

type Parts = { lateFee: number; interest: number; principal: number; credit: number; creditUsed: number };

type LenderOfLoan = {
  investment: typeof schema.investments.$inferSelect;
  taxResidency: "resident" | "non_resident" | null;
  /** An insurance claim has passed the share to the insurer (decision 0024). */
  claimed: boolean;
};

type LoanLedger = Record<"escrow" | "clearing" | "credit" | "receivable" | "platformFees" | "lateFees" | "taxWithheld" | "insurer", LedgerAccount> & {
  /** Set when the money does not arrive from the escrow (a matched parked payment: payment suspense). */
  arrivesFrom?: LedgerAccount;
  /** Per settled investment: who is paid (the lender's funds, or the insurer after a claim) and the share repaid (lender_investment, or insurer_investment). */
  lenders: (LenderOfLoan & { funds: LedgerAccount; share: LedgerAccount })[];
};

/** The ledger accounts a payment of the loan moves money between (opened in one query when they exist), with each settled investment's. */
async function loanLedgerAccounts(tx: Db, input: { borrowerId: string; accountId: string; virtualAccountNumber: string }, position: LoanPosition): Promise<LoanLedger> {
  const { borrowerId, accountId } = input;
  const investments: LenderOfLoan[] = (
    await tx
      .select({ investment: schema.investments, taxResidency: schema.lenderProfiles.taxResidency, claimId: schema.insuranceClaims.id })
      .from(schema.investments)
      .leftJoin(schema.lenderProfiles, eq(schema.lenderProfiles.customerId, schema.investments.customerId))
      .leftJoin(schema.insuranceClaims, eq(schema.insuranceClaims.investmentId, schema.investments.id))
      .where(and(eq(schema.investments.accountApplicationId, position.application.id), eq(schema.investments.status, "settled")))
      .orderBy(schema.investments.id)
  ).map((r) => ({ investment: r.investment, taxResidency: r.taxResidency, claimed: r.claimId !== null }));
  const [escrow, clearing, credit, receivable, platformFees, lateFees, taxWithheld, insurer, ...lenderAccounts] = await openLedgerAccounts(tx, [
    { kind: "bank_escrow" },
    { kind: "borrower_clearing", owner: { customerId: borrowerId, accountId, virtualAccount: input.virtualAccountNumber } },
    { kind: "borrower_credit", owner: { customerId: borrowerId, accountId } },
    { kind: "loan_receivable", owner: { customerId: borrowerId, accountId } },
    { kind: "platform_fees" },
    { kind: "late_fees" },
    { kind: "tax_withheld" },
    { kind: "insurer" },
    ...investments.flatMap(({ investment, claimed }): LedgerAccountSpec[] =>
      claimed
        ? [{ kind: "insurer_investment", owner: { accountId, investmentId: investment.id } }]
        : [
            { kind: "lender_funds", owner: { customerId: investment.customerId, accountId: investment.investmentAccountId } },
            { kind: "lender_investment", owner: { customerId: investment.customerId, accountId, investmentId: investment.id } },
          ],
    ),
  ]);
  let next = 0;
  const lenders = investments.map((lender) => {
    if (lender.claimed) return { ...lender, funds: insurer!, share: lenderAccounts[next++]! };
    const [funds, share] = [lenderAccounts[next++]!, lenderAccounts[next++]!];
    return { ...lender, funds, share };
  });
  return { escrow, clearing, credit, receivable, platformFees, lateFees, taxWithheld: taxWithheld!, insurer: insurer!, lenders };
}

/**
 * Each investment's part of a payment (the lender's cash flow), beside the ledger batch that
 * moves it; after the payment row (its foreign key), in the same transaction.
 */
export async function recordInvestmentRepayments(tx: Db, input: { paymentId: string; businessDate: string }, payouts: readonly LenderPayout[]): Promise<void> {
  const rows = payouts
    .filter((p) => p.principal + p.interest + p.lateFee > 0)
    .map((p) => ({
      investmentId: p.investmentId,
      paymentId: input.paymentId,
      businessDate: input.businessDate,
      principal: p.principal,
      interest: p.interest,
      platformFee: p.platformFee,
      tax: p.tax,
      insurancePremium: p.insurancePremium,
      lateFee: p.lateFee,
    }));
  if (rows.length > 0) await tx.insert(schema.investmentRepayments).values(rows);
}

/** The ledger batch of one allocated payment (zero amounts left out: a transfer moves something). */
function movements(input: { paymentId: string; amount: number; businessDate: string }, ledger: LoanLedger, parts: Parts, payouts: readonly LenderPayout[]): TransferInput[] {
  const { paymentId, businessDate } = input;
  const { escrow, clearing, credit, receivable, platformFees, lateFees, taxWithheld, insurer, lenders } = ledger;

  const reference = `payment:${paymentId}`;
  const transfers: TransferInput[] = [];
  const move = (movement: string, code: TransferInput["code"], debitAccountId: string, creditAccountId: string, amount: number) => {
    if (amount > 0) transfers.push({ mode: "single_phase", code, debitAccountId, creditAccountId, amount, idempotencyKey: `${reference}:${movement}`, businessDate, reference });
  };
  if (ledger.arrivesFrom) move("reconciled", "payment_reconciled", ledger.arrivesFrom.id, clearing.id, input.amount);
  else move("received", "payment_received", escrow.id, clearing.id, input.amount);
  move("credit_used", "credit_used", credit.id, clearing.id, parts.creditUsed);
  move("late_fee", "late_fee", clearing.id, lateFees.id, parts.lateFee);
  move("principal", "repayment", clearing.id, receivable.id, parts.principal);
  for (const [k, lender] of lenders.entries()) {
    const p = payouts[k]!;
    const id = lender.investment.id;
    move(`late_fee_share:${id}`, "late_fee", lateFees.id, lender.funds.id, p.lateFee);
    // The lender is credited their interest less the platform fee, then the tax and the premium
    // leave their funds: both show on the lender's own statement (decision 0024).
    move(`interest_share:${id}`, "interest_share", clearing.id, lender.funds.id, p.interest - p.platformFee);
    move(`tax:${id}`, "tax_withholding", lender.funds.id, taxWithheld.id, p.tax);
    move(`insurance_premium:${id}`, "insurance_premium", lender.funds.id, insurer.id, p.insurancePremium);
    move(`principal_share:${id}`, "principal_share", lender.share.id, lender.funds.id, p.principal);
  }
  move("platform_fee", "platform_fee", clearing.id, platformFees.id, payouts.reduce((s, p) => s + p.platformFee, 0));
  move("overpayment", "overpayment", clearing.id, credit.id, parts.credit);
  return transfers;
}
