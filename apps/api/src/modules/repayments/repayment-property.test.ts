import { schema, type Db } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { balanceOf } from "@pinjaman/domain/ledger";
import { INSURANCE_PREMIUM_PPM } from "@pinjaman/domain/lender-insurance";
import { withholdingTaxRatePpm } from "@pinjaman/domain/lender-split";
import { offerRate } from "@pinjaman/domain/ojk-guard";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { receivePayment } from "./payment-service.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";

/**
 * Random loans (1–3 lenders, terms, rates) and random payment sequences (amounts, days apart,
 * late fees recorded in between), each payment checked against the books: every rupiah of it
 * allocated, the invoices' paid parts equal to what the payments allocated, the principal
 * balance and receivable equal, each lender paid exactly their share of principal by the end,
 * the ledger balanced (its invariants include receivable = sum of the lenders' shares). Lenders are
 * residents, non-residents or without a lender profile, insured or not: the tax and premium each
 * investment records are its rate of its interest and what the ledger took from its funds.
 */
let t: TestApp;
let db: Db;
let run = 0;
beforeAll(async () => {
  t = await testApp();
  db = t.app.db;
});
afterAll(async () => {
  await t?.close();
});

const scenario = fc.record({
  lenders: fc.array(
    fc.record({ units: fc.integer({ min: 1, max: 40 }), residency: fc.constantFrom("resident", "non_resident", "no_profile"), insured: fc.boolean() }),
    { minLength: 1, maxLength: 3 },
  ),
  term: fc.integer({ min: 1, max: 12 }),
  dailyRatePpm: fc.integer({ min: 0, max: 3000 }),
  feePpm: fc.constantFrom(0, 50_000, 100_000, 333_333),
  payments: fc.array(
    fc.record({ permille: fc.integer({ min: 1, max: 700 }), extra: fc.integer({ min: 0, max: 1_000 }), days: fc.integer({ min: 0, max: 75 }), lateFee: fc.integer({ min: 0, max: 20_000 }) }),
    { minLength: 1, maxLength: 6 },
  ),
});

const ledgerBalance = async (kind: "loan_receivable" | "borrower_credit", customerId: string, accountId: string) => {
  const account = await findLedgerAccount(db, kind, { customerId, accountId });
  return account ? balanceOf(kind, account).posted : 0;
};

describe("repayment of random loans by random payments", () => {
  it("allocates every rupiah, reconciles the invoices and keeps the ledger balanced after each payment", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const k = ++run;
        const effectiveOn = "2026-01-31";
        const lenders = [];
        for (const [i, { units, residency, insured }] of s.lenders.entries()) {
          const lender = await lenderWithFunds(db, `acak.${k}.${i}@contoh.co.id`, units * 100_000, effectiveOn);
          if (residency !== "no_profile") await db.update(schema.lenderProfiles).set({ taxResidency: residency }).where(eq(schema.lenderProfiles.customerId, lender.customerId));
          if (insured) await db.insert(schema.investmentInsuranceSettings).values({ investmentAccountId: lender.accountId, automaticInsuranceInvestor: true });
          const rates = { tax: withholdingTaxRatePpm(residency === "non_resident" ? "non_resident" : "resident"), premium: insured ? INSURANCE_PREMIUM_PPM : 0 };
          lenders.push({ ...lender, amount: units * 100_000, rates });
        }
        const [b] = await db.insert(schema.customers).values({ name: "Acak", email: `acak.peminjam.${k}@contoh.co.id` }).returning({ id: schema.customers.id });
        const borrowerId = b!.id;
        const loan = await disbursedLoan(db, {
          borrowerCustomerId: borrowerId,
          lenders: lenders.map((l) => ({ customerId: l.customerId, investmentAccountId: l.accountId, amount: l.amount })),
          // Any rate up to the one an offer may carry for the tenor (a stored schedule above it is refused at disbursal).
          terms: { term: s.term, dailyRatePpm: offerRate("consumptive", s.term, s.dailyRatePpm, effectiveOn) },
          effectiveOn,
        });
        // A lender without a profile cannot invest (OJK limit); one from before profiles existed still holds shares.
        for (const [i, { residency }] of s.lenders.entries()) {
          if (residency === "no_profile") await db.delete(schema.lenderProfiles).where(eq(schema.lenderProfiles.customerId, lenders[i]!.customerId));
        }
        const va = loan.virtualAccounts[k % loan.virtualAccounts.length]!;
        const scheduled = (await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, loan.applicationId))).reduce((sum, i) => sum + i.total, 0);
        const sums = { lateFee: 0, interest: 0, principal: 0 };
        let day = effectiveOn;
        let closed = false;
        const paymentIds: string[] = [];
        for (const [p, step] of s.payments.entries()) {
          day = addDays(day, step.days);
          if (step.lateFee > 0 && !closed) {
            const [late] = await db
              .select()
              .from(schema.invoices)
              .where(and(eq(schema.invoices.accountApplicationId, loan.applicationId), eq(schema.invoices.status, "open")))
              .orderBy(asc(schema.invoices.dueOn))
              .limit(1);
            if (late && late.dueOn < day) await db.update(schema.invoices).set({ lateFee: late.lateFee + step.lateFee }).where(eq(schema.invoices.id, late.id));
          }
          const amount = Math.floor((scheduled * step.permille) / 1000) + step.extra;
          const { payment } = await receivePayment(
            db,
            { channel: va.channel, virtualAccountNumber: va.number, amount, gatewayTransactionId: `acak-${k}-${p}`, businessDate: day, source: "gateway" },
            // No overpayment margin: this property is about allocating any amount (parking far above the payoff: repayments.test.ts).
            { platformFeePpm: s.feePpm, overpaymentMargin: Number.MAX_SAFE_INTEGER },
          );
          if (closed) {
            expect(payment).toMatchObject({ status: "parked", parkedReason: "account_not_active" });
            continue;
          }
          expect(payment.status).toBe("allocated");
          paymentIds.push(payment.id);
          expect(payment.lateFee + payment.interest + payment.principal + payment.credit).toBe(amount + payment.creditUsed);
          sums.lateFee += payment.lateFee;
          sums.interest += payment.interest;
          sums.principal += payment.principal;
          closed = payment.accountStatus === "closed";

          const invoices = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, loan.applicationId));
          expect({
            lateFee: invoices.reduce((x, i) => x + i.paidLateFee, 0),
            interest: invoices.reduce((x, i) => x + i.paidInterest, 0),
            principal: invoices.reduce((x, i) => x + i.paidPrincipal, 0),
          }).toEqual(sums);
          for (const i of invoices) {
            expect(i.status === "paid").toBe(i.paidPrincipal === i.principal && i.paidInterest === i.interest && i.paidLateFee === i.lateFee);
            expect(i.interest + i.waivedInterest + i.principal).toBe(i.total + i.waivedInterest);
          }
          const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
          expect(account!.principalBalance).toBe(loan.amount - sums.principal);
          expect(await ledgerBalance("loan_receivable", borrowerId, loan.accountId)).toBe(loan.amount - sums.principal);
          // The credit left when the loan closes leaves it, parked to be refunded (closing-credit.ts).
          expect(await ledgerBalance("borrower_credit", borrowerId, loan.accountId)).toBe(closed ? 0 : payment.credit);
          expect(account!.status).toBe(closed ? "closed" : "active");
          if (closed) expect(invoices.every((i) => i.status === "paid")).toBe(true);
          expect(await ledgerInvariantViolations(db)).toEqual([]);
        }
        // Every rupiah of the allocated parts reached a lender or the platform fee; the fee is the
        // ppm of each lender's interest rounded down, so at most a rupiah per lender and payment under the exact fee.
        const investments = await db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
        let lenderTotal = 0;
        for (const l of lenders) lenderTotal += balanceOf("lender_funds", (await findLedgerAccount(db, "lender_funds", { customerId: l.customerId, accountId: l.accountId }))!).posted;
        const movedBy = async (code: "platform_fee" | "tax_withholding" | "insurance_premium") =>
          (await db.select().from(schema.ledgerTransfers).where(and(eq(schema.ledgerTransfers.code, code), like(schema.ledgerTransfers.idempotencyKey, "payment:%"))))
            .filter((f) => paymentIds.includes(f.reference!.slice("payment:".length)))
            .reduce((x, f) => x + f.amount, 0);
        const fees = await movedBy("platform_fee");
        expect(lenderTotal + fees + (await movedBy("tax_withholding")) + (await movedBy("insurance_premium"))).toBe(sums.principal + sums.interest + sums.lateFee);
        const exactFee = (sums.interest * s.feePpm) / 1_000_000;
        expect(fees).toBeLessThanOrEqual(exactFee);
        expect(fees).toBeGreaterThan(exactFee - lenders.length * s.payments.length);
        expect(investments.every((i) => i.status === (closed ? "closed" : "settled"))).toBe(true);
        // Each investment's recorded cash flows (investment_repayments) are what the ledger moved to its lender.
        const flows = await db.select().from(schema.investmentRepayments).where(inArray(schema.investmentRepayments.paymentId, paymentIds.length > 0 ? paymentIds : [randomUUID()]));
        for (const investment of investments) {
          const funds = (await findLedgerAccount(db, "lender_funds", { customerId: investment.customerId, accountId: investment.investmentAccountId }))!;
          const moved = (await db.select().from(schema.ledgerTransfers).where(like(schema.ledgerTransfers.reference, "payment:%")))
            .filter((t) => paymentIds.includes(t.reference!.slice("payment:".length)))
            .reduce((x, t) => x + (t.creditAccountId === funds.id ? t.amount : 0) - (t.debitAccountId === funds.id ? t.amount : 0), 0);
          const own = flows.filter((f) => f.investmentId === investment.id);
          const recorded = own.reduce((x, f) => x + f.principal + f.interest - f.platformFee - f.tax - f.insurancePremium + f.lateFee, 0);
          expect(recorded).toBe(moved);
          const { rates } = lenders.find((l) => l.accountId === investment.investmentAccountId)!;
          expect(investment.insured).toBe(rates.premium > 0);
          for (const f of own) {
            expect(f.tax).toBe(Math.floor((f.interest * rates.tax) / 1_000_000));
            expect(f.insurancePremium).toBe(Math.floor((f.interest * rates.premium) / 1_000_000));
          }
          const takenBy = async (code: "tax_withholding" | "insurance_premium") =>
            (await db.select().from(schema.ledgerTransfers).where(and(eq(schema.ledgerTransfers.code, code), eq(schema.ledgerTransfers.debitAccountId, funds.id))))
              .filter((t) => paymentIds.includes(t.reference!.slice("payment:".length)))
              .reduce((x, t) => x + t.amount, 0);
          expect(await takenBy("tax_withholding")).toBe(own.reduce((x, f) => x + f.tax, 0));
          expect(await takenBy("insurance_premium")).toBe(own.reduce((x, f) => x + f.insurancePremium, 0));
        }
      }),
      { numRuns: Number(process.env.REPAYMENT_PROPERTY_RUNS ?? 25) },
    );
  });
});
