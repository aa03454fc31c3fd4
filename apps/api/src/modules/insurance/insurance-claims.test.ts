import { schema, type Db } from "@pinjaman/db";
import { addDays, addMonths, daysBetween } from "@pinjaman/domain/dates";
import { balanceOf } from "@pinjaman/domain/ledger";
import { eq, inArray, like, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { moveClockForward } from "../business-clock/move-clock.ts";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { investmentDetail } from "../funding/lender-investments.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { receivePayment } from "../repayments/payment-service.ts";

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await testApp();
  db = t.app.db;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const posted = async (kind: "lender_funds" | "lender_investment" | "insurer_investment" | "insurer", owner: Parameters<typeof findLedgerAccount>[2]) => {
  const account = await findLedgerAccount(db, kind, owner);
  return account ? balanceOf(kind, account).posted : 0;
};

describe("automatic insurance claims (daily job, sandbox insurer)", () => {
  it("claims an insured lender's outstanding principal on day 91 past due, once; later recoveries on that share go to the insurer", { timeout: 300_000 }, async () => {
    const today = (await businessNow(db, { sandbox: true })).date;
    const insured = await lenderWithFunds(db, "asuransi.ya@contoh.co.id", 1_200_000, addDays(today, -120));
    const plain = await lenderWithFunds(db, "asuransi.tidak@contoh.co.id", 800_000, addDays(today, -120));
    await db.insert(schema.investmentInsuranceSettings).values({ investmentAccountId: insured.accountId, automaticInsuranceInvestor: true });
    const [borrower] = await db.insert(schema.customers).values({ name: "Peminjam Macet", email: "asuransi.peminjam@contoh.co.id" }).returning();
    const loan = await disbursedLoan(db, {
      borrowerCustomerId: borrower!.id,
      lenders: [
        { customerId: insured.customerId, investmentAccountId: insured.accountId, amount: 1_200_000 },
        { customerId: plain.customerId, investmentAccountId: plain.accountId, amount: 800_000 },
      ],
      terms: { term: 4, dailyRatePpm: 1000 },
      effectiveOn: addDays(today, -100),
    });
    const investments = await db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
    const mine = investments.find((i) => i.investmentAccountId === insured.accountId)!;
    expect(investments.map((i) => [i.investmentAccountId, i.insured])).toEqual(
      expect.arrayContaining([
        [insured.accountId, true],
        [plain.accountId, false],
      ]),
    );
    const [first] = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, loan.applicationId)).orderBy(schema.invoices.dueOn).limit(1);
    const claimDay = addDays(first!.dueOn, 91);
    const fundsBefore = await posted("lender_funds", { customerId: insured.customerId, accountId: insured.accountId });
    const move = (days: number) => moveClockForward({ db, jobs: t.app.jobs, days, log: t.app.log, integrations: t.app.jobIntegrations });

    // Up to day 90 past due (whatever the time of day, the job has run for no later date): nothing claimed.
    const toDay90 = Math.round((Date.parse(addDays(first!.dueOn, 90)) - Date.parse(today)) / 86_400_000);
    await move(toDay90);
    expect(await db.select().from(schema.insuranceClaims).where(eq(schema.insuranceClaims.accountId, loan.accountId))).toEqual([]);

    // Two more days: the job has run for day 91, and once more after it.
    const ran = (await move(2)).ran.filter((r) => r.job === "insurance-claims").map((r) => r.businessDate);
    expect(ran).toContain(claimDay);
    await move(1);
    const claims = await db.select().from(schema.insuranceClaims).where(eq(schema.insuranceClaims.accountId, loan.accountId));
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ investmentId: mine.id, businessDate: claimDay, outstandingPrincipal: 1_200_000, amount: 1_200_000, insurerReference: `SBX-claim:${mine.id}` });
    const claimTransfers = await db.select().from(schema.ledgerTransfers).where(like(schema.ledgerTransfers.idempotencyKey, `insurance_claim:${mine.id}:%`));
    expect(claimTransfers.map((x) => [x.code, x.amount]).sort()).toEqual([
      ["insurance_claim", 1_200_000],
      ["insurance_claim", 1_200_000],
      ["insurance_subrogation", 1_200_000],
    ]);
    expect(await posted("lender_funds", { customerId: insured.customerId, accountId: insured.accountId })).toBe(fundsBefore + 1_200_000);
    expect(await posted("lender_investment", { customerId: insured.customerId, accountId: loan.accountId, investmentId: mine.id })).toBe(0);
    expect(await posted("insurer_investment", { accountId: loan.accountId, investmentId: mine.id })).toBe(1_200_000);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
    // The lender's investment page shows the cover and the claim; the uninsured share shows none.
    expect(await investmentDetail(db, insured.accountId, mine.id)).toMatchObject({
      insured: true,
      insurance_claim: { business_date: claimDay, outstanding_principal: 1_200_000, amount: 1_200_000, insurer_reference: `SBX-claim:${mine.id}` },
    });
    const plainShare = investments.find((i) => i.id !== mine.id)!;
    expect(await investmentDetail(db, plain.accountId, plainShare.id)).toMatchObject({ insured: false, insurance_claim: null });

    // The borrower pays after the claim: the claimed share's part goes to the insurer, the uninsured lender's to them.
    const insurerBefore = await posted("insurer", {});
    const plainBefore = await posted("lender_funds", { customerId: plain.customerId, accountId: plain.accountId });
    const va = loan.virtualAccounts[0]!;
    const now = (await businessNow(db, { sandbox: true })).date;
    const { payment } = await receivePayment(db, { channel: va.channel, virtualAccountNumber: va.number, amount: 700_000, gatewayTransactionId: "asuransi-pulih", businessDate: now, source: "gateway" }, { platformFeePpm: 100_000 });
    expect(payment.status).toBe("allocated");
    const [claimedPart, plainPart] = [mine.id, investments.find((i) => i.id !== mine.id)!.id];
    const moved = await db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.reference, `payment:${payment.id}`));
    const toInsurer = moved.filter((x) => x.idempotencyKey.endsWith(`:${claimedPart}`));
    expect(toInsurer.length).toBeGreaterThan(0);
    expect(toInsurer.every((x) => x.code !== "tax_withholding" && x.code !== "insurance_premium")).toBe(true);
    // Interest (less the platform fee), late fee and principal of that share: all credited to the insurer.
    expect(toInsurer.every((x) => x.creditAccountId === toInsurer[0]!.creditAccountId)).toBe(true);
    expect(await posted("insurer", {})).toBe(insurerBefore + toInsurer.reduce((s, x) => s + x.amount, 0));
    const principalRecovered = toInsurer.filter((x) => x.code === "principal_share").reduce((s, x) => s + x.amount, 0);
    expect(principalRecovered).toBeGreaterThan(0);
    expect(await posted("insurer_investment", { accountId: loan.accountId, investmentId: mine.id })).toBe(1_200_000 - principalRecovered);
    expect(await posted("lender_funds", { customerId: insured.customerId, accountId: insured.accountId })).toBe(fundsBefore + 1_200_000);
    expect(await posted("lender_funds", { customerId: plain.customerId, accountId: plain.accountId })).toBeGreaterThan(plainBefore);
    // The lender's cash flows record nothing of what the insurer now receives.
    const flows = await db.select().from(schema.investmentRepayments).where(inArray(schema.investmentRepayments.paymentId, [payment.id]));
    expect(flows.map((f) => f.investmentId)).toEqual([plainPart]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);

    // On the first business days of the next month, what the insurer account held at the month's end is paid over, once.
    const held = await posted("insurer", {});
    expect(held).toBeGreaterThan(0);
    const period = now.slice(0, 7);
    const firstOfNext = addMonths(`${period}-01`, 1);
    const remitted = (await move(daysBetween(now, firstOfNext) + 1)).ran.filter((r) => r.job === "insurer-remittance").map((r) => r.businessDate);
    expect(remitted).toContain(firstOfNext);
    expect(await db.select().from(schema.insurerRemittances).where(eq(schema.insurerRemittances.period, period))).toEqual([
      expect.objectContaining({ period, businessDate: firstOfNext, amount: held, insurerReference: `SBX-remittance:${period}` }),
    ]);
    const paidOver = await db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.code, "insurer_remittance"));
    expect(paidOver.map((x) => [x.idempotencyKey, x.amount])).toEqual([[`insurer_remittance:${period}`, held]]);
    expect(await posted("insurer", {})).toBe(0);
    // Months the insurer was owed nothing are recorded as such, with no transfer.
    const earlier = await db.select().from(schema.insurerRemittances).where(ne(schema.insurerRemittances.period, period));
    expect(earlier.every((r) => r.amount === 0 && r.insurerReference === null)).toBe(true);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
