import { schema, type Db } from "@pinjaman/db";
import { COOLING_OFF_DAYS, MAX_DISBURSAL_ATTEMPTS } from "@pinjaman/domain/disbursal";
import { balanceOf, type LedgerAccountKind } from "@pinjaman/domain/ledger";
import { flatInterest } from "@pinjaman/domain/schedule";
import { VIRTUAL_ACCOUNT_CHANNELS } from "@pinjaman/domain/virtual-accounts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { rowCounts, testDatabase } from "../../../test/harness.ts";
import { disbursalJob } from "../../jobs/definitions/disbursal.ts";
import { runOccurrence } from "../../jobs/job-occurrence.ts";
import type { BankAdapter } from "../../integrations/bank/bank-adapter.ts";
import { SANDBOX_REFUSED_ACCOUNT_NUMBER } from "../../integrations/bank/sandbox-bank.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { startDueDisbursals } from "./cooling-off.ts";
import { runDisbursal, runDueDisbursals } from "./disbursal-run.ts";
import {
  approvedLoanApplication,
  businessInstant,
  disbursedLoan,
  fundApplication,
  sandboxDisbursalIntegrations,
  withBankAccount,
  type LoanTerms,
} from "./sandbox-loans.ts";

const log = pino({ level: "silent" });
const DEPOSIT = 5_000_000;
const TERMS: LoanTerms = { amount: 3_000_000, term: 4, dailyRatePpm: 1000 };
const FUNDED_ON = "2026-11-02";
const PAY_DAY = "2026-11-04";

let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Db;
let people = 0;

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

async function borrower(accountNumber?: string): Promise<string> {
  const n = ++people;
  const [customer] = await db.insert(schema.customers).values({ name: `Peminjam ${n}`, email: `peminjam.cair.${n}@contoh.co.id` }).returning({ id: schema.customers.id });
  await withBankAccount(db, customer!.id, accountNumber);
  return customer!.id;
}

async function twoLenders() {
  const n = ++people;
  const a = await lenderWithFunds(db, `pemodal.cair.${n}.a@contoh.co.id`, DEPOSIT, FUNDED_ON);
  const b = await lenderWithFunds(db, `pemodal.cair.${n}.b@contoh.co.id`, DEPOSIT, FUNDED_ON);
  return [
    { customerId: a.customerId, investmentAccountId: a.accountId, amount: 1_900_000 },
    { customerId: b.customerId, investmentAccountId: b.accountId, amount: 1_100_000 },
  ];
}

/** An application fully funded on FUNDED_ON and past its cooling-off: a pending disbursal due on PAY_DAY. */
async function inDisbursal(accountNumber?: string) {
  const customerId = await borrower(accountNumber);
  const lenders = await twoLenders();
  const { accountId, applicationId } = await approvedLoanApplication(db, customerId, TERMS);
  await fundApplication(db, applicationId, lenders, FUNDED_ON);
  await db.transaction((tx) => startDueDisbursals(tx as unknown as Db, PAY_DAY, businessInstant(PAY_DAY, "00:40")));
  const [disbursal] = await db.select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, applicationId));
  return { customerId, lenders, accountId, applicationId, disbursalId: disbursal!.id };
}

const applicationOf = async (id: string) => (await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, id)))[0]!;
const accountOf = async (id: string) => (await db.select().from(schema.accounts).where(eq(schema.accounts.id, id)))[0]!;
const disbursalOf = async (id: string) => (await db.select().from(schema.disbursals).where(eq(schema.disbursals.id, id)))[0]!;
const noticesOf = (customerId: string) => db.select().from(schema.customerNotices).where(eq(schema.customerNotices.customerId, customerId));
const bankMemory = async (reference: string) => (await db.select().from(schema.sandboxBankTransfers).where(eq(schema.sandboxBankTransfers.reference, reference)))[0];
const posted = async (kind: LedgerAccountKind, owner: Parameters<typeof findLedgerAccount>[2]) => {
  const account = await findLedgerAccount(db, kind, owner);
  return account ? balanceOf(kind, account) : null;
};
const lenderFunds = (l: { customerId: string; investmentAccountId: string }) => posted("lender_funds", { customerId: l.customerId, accountId: l.investmentAccountId });
const disbursalTransfers = (applicationId: string) =>
  db.select().from(schema.ledgerTransfers).where(and(eq(schema.ledgerTransfers.code, "disbursal"), eq(schema.ledgerTransfers.idempotencyKey, `disbursal:${applicationId}`)));

describe("cooling-off", () => {
  it(`starts the disbursal ${COOLING_OFF_DAYS} business days after funding, not before, recorded as a system move`, async () => {
    const customerId = await borrower();
    const { applicationId } = await approvedLoanApplication(db, customerId, TERMS);
    await fundApplication(db, applicationId, await twoLenders(), FUNDED_ON);
    expect(await applicationOf(applicationId)).toMatchObject({ status: "waiting_for_deadline", fundedOn: FUNDED_ON });

    const started = (date: string) => db.transaction((tx) => startDueDisbursals(tx as unknown as Db, date, businessInstant(date, "00:40")));
    expect(await started("2026-11-03")).not.toContain(applicationId);
    expect((await applicationOf(applicationId)).status).toBe("waiting_for_deadline");
    expect(await started(PAY_DAY)).toContain(applicationId);
    expect((await applicationOf(applicationId)).status).toBe("in_disbursement");
    const [disbursal] = await db.select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, applicationId));
    expect(disbursal).toMatchObject({ status: "pending", payout: TERMS.amount, upfrontFee: 0, attempts: 0, nextAttemptAt: businessInstant(PAY_DAY, "00:40") });
    const [move] = await db
      .select()
      .from(schema.statusTransitions)
      .where(and(eq(schema.statusTransitions.subjectId, applicationId), eq(schema.statusTransitions.event, "start_disbursal")));
    expect(move).toMatchObject({ fromStatus: "waiting_for_deadline", toStatus: "in_disbursement", actorKind: "system" });
    // A second run of the same day finds nothing left.
    expect(await started(PAY_DAY)).not.toContain(applicationId);
    // Paid, so that the later tests' runs of every due disbursal meet only their own.
    expect(await runDisbursal(db, sandboxDisbursalIntegrations(db), disbursal!.id, businessInstant(PAY_DAY))).toBe("succeeded");
  });
});

describe("a disbursal paid by the bank", () => {
  it("turns a funded application into an active loan with its schedule, invoices, virtual accounts and balanced books", async () => {
    const customerId = await borrower();
    const lenders = await twoLenders();
    const loan = await disbursedLoan(db, { borrowerCustomerId: customerId, lenders, terms: TERMS, fundedOn: FUNDED_ON });
    const total = TERMS.amount + flatInterest(TERMS.amount, TERMS.dailyRatePpm, TERMS.term);

    expect(await applicationOf(loan.applicationId)).toMatchObject({ status: "activated", effectiveOn: PAY_DAY, maturityOn: "2027-03-04", totalRepayment: total });
    expect(await accountOf(loan.accountId)).toMatchObject({ status: "active", activatedOn: PAY_DAY, principalBalance: TERMS.amount, closedOn: null });
    expect(loan.invoices.map((i) => i.dueOn)).toEqual(["2026-12-04", "2027-01-04", "2027-02-04", "2027-03-04"]);
    expect(loan.invoices.reduce((s, i) => s + i.total, 0)).toBe(total);
    expect(loan.invoices.reduce((s, i) => s + i.principal, 0)).toBe(TERMS.amount);
    expect(loan.virtualAccounts.map((va) => va.channel)).toEqual([...VIRTUAL_ACCOUNT_CHANNELS]);

    // Lenders: reservations posted, their money now in the loan; the receivable is the sum of their shares.
    for (const lender of lenders) expect(await lenderFunds(lender)).toMatchObject({ posted: DEPOSIT - lender.amount, available: DEPOSIT - lender.amount, pendingOut: 0 });
    const investments = await db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
    expect(investments.map((i) => i.status)).toEqual(["settled", "settled"]);
    expect((await posted("loan_receivable", { customerId, accountId: loan.accountId }))!.posted).toBe(TERMS.amount);
    const [transfer] = await disbursalTransfers(loan.applicationId);
    expect(transfer).toMatchObject({ amount: TERMS.amount, businessDate: PAY_DAY, reference: `disbursal:${loan.disbursalId}` });
    expect(await ledgerInvariantViolations(db)).toEqual([]);

    expect(await disbursalOf(loan.disbursalId)).toMatchObject({ status: "succeeded", attempts: 1, bankReference: `SBX-${loan.disbursalId}`, lastError: null });
    expect(await bankMemory(loan.disbursalId)).toMatchObject({ amount: TERMS.amount, bankCode: "bca", accountNumber: "1234567890", calls: 1 });
    const notices = await noticesOf(customerId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: "Dana pinjaman sudah dikirim",
      body:
        `Halo Peminjam ${people - 1}, dana pinjaman sebesar Rp 3.000.000 sudah kami kirim ke rekening BCA 1234567890 atas nama Peminjam ${people - 1}. ` +
        `Cicilan pertama sebesar Rp 840.000 jatuh tempo pada 4 Des 2026, cicilan terakhir pada 4 Mar 2027; jadwal lengkap dan nomor virtual account untuk pembayaran ada di halaman pinjaman Anda.`,
    });
    const moves = await db.select().from(schema.statusTransitions).where(eq(schema.statusTransitions.subjectId, loan.applicationId)).orderBy(asc(schema.statusTransitions.sequence));
    expect(moves.map((m) => m.event)).toEqual(["approve", "fund", "start_disbursal", "disburse"]);
  });

  it("changes nothing when disbursal runs again", async () => {
    const customerId = await borrower();
    const loan = await disbursedLoan(db, { borrowerCustomerId: customerId, lenders: await twoLenders(), terms: TERMS, fundedOn: FUNDED_ON });
    const before = await rowCounts(database);
    expect(await runDisbursal(db, sandboxDisbursalIntegrations(db), loan.disbursalId, businessInstant("2026-11-05"))).toBe("not_due");
    expect(await runDueDisbursals(db, sandboxDisbursalIntegrations(db), businessInstant("2026-11-05"))).toEqual([]);
    await db.transaction((tx) => startDueDisbursals(tx as unknown as Db, "2026-11-05", businessInstant("2026-11-05", "00:40")));
    expect(await rowCounts(database)).toEqual(before);
    expect((await disbursalOf(loan.disbursalId)).attempts).toBe(1);
  });
});

describe("an upfront fee", () => {
  it("pays principal − fee and books the fee to the platform, the receivable staying the principal", async () => {
    const loan = await inDisbursal();
    const fee = 90_000;
    await db.update(schema.disbursals).set({ payout: TERMS.amount - fee, upfrontFee: fee }).where(eq(schema.disbursals.id, loan.disbursalId));
    const feesBefore = (await posted("platform_fees", {}))?.posted ?? 0;
    expect(await runDisbursal(db, sandboxDisbursalIntegrations(db), loan.disbursalId, businessInstant(PAY_DAY))).toBe("succeeded");
    expect(await bankMemory(loan.disbursalId)).toMatchObject({ amount: TERMS.amount - fee });
    expect((await disbursalTransfers(loan.applicationId))[0]!.amount).toBe(TERMS.amount - fee);
    const [feeTransfer] = await db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.idempotencyKey, `upfront_fee:${loan.applicationId}`));
    expect(feeTransfer).toMatchObject({ code: "upfront_fee", amount: fee });
    expect((await posted("platform_fees", {}))!.posted).toBe(feesBefore + fee);
    expect((await posted("loan_receivable", { customerId: loan.customerId, accountId: loan.accountId }))!.posted).toBe(TERMS.amount);
    expect((await noticesOf(loan.customerId))[0]!.body).toContain("dana pinjaman sebesar Rp 2.910.000 sudah kami kirim");
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});

describe("a bank that refuses", () => {
  it("retries a refused transfer after its backoff and pays once", async () => {
    const loan = await inDisbursal();
    const bank = sandboxDisbursalIntegrations(db, "fail_once");
    const first = businessInstant(PAY_DAY, "01:00");
    expect(await runDisbursal(db, bank, loan.disbursalId, first)).toBe("retry_later");
    expect(await disbursalOf(loan.disbursalId)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "bank unavailable (sandbox)",
      nextAttemptAt: businessInstant(PAY_DAY, "01:15"),
      claimedUntil: null,
    });
    expect((await applicationOf(loan.applicationId)).status).toBe("in_disbursement");
    expect(await disbursalTransfers(loan.applicationId)).toEqual([]);
    for (const lender of loan.lenders) expect(await lenderFunds(lender)).toMatchObject({ posted: DEPOSIT, pendingOut: lender.amount });

    // Not due before its backoff ends.
    expect(await runDueDisbursals(db, bank, businessInstant(PAY_DAY, "01:14"))).toEqual([]);
    expect(await runDueDisbursals(db, bank, businessInstant(PAY_DAY, "01:15"))).toEqual(["succeeded"]);
    expect(await disbursalOf(loan.disbursalId)).toMatchObject({ status: "succeeded", attempts: 2, bankReference: `SBX-${loan.disbursalId}` });
    expect(await bankMemory(loan.disbursalId)).toMatchObject({ calls: 2, paidReference: `SBX-${loan.disbursalId}` });
    expect(await disbursalTransfers(loan.applicationId)).toHaveLength(1);
    expect((await applicationOf(loan.applicationId)).status).toBe("activated");
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("asks the bank again after a crash that followed its payment, and is told it was paid: no second payment", async () => {
    const loan = await inDisbursal();
    const integrations = sandboxDisbursalIntegrations(db);
    // The process paid, then died before recording: only the bank knows.
    const paid = await integrations.bank.transfer({ reference: loan.disbursalId, amount: TERMS.amount, bankCode: "bca", accountNumber: "1234567890", accountName: "x" });
    expect(paid).toEqual({ ok: true, bankReference: `SBX-${loan.disbursalId}` });
    expect(await runDisbursal(db, integrations, loan.disbursalId, businessInstant(PAY_DAY))).toBe("succeeded");
    expect(await bankMemory(loan.disbursalId)).toMatchObject({ calls: 2, paidReference: `SBX-${loan.disbursalId}` });
    expect(await disbursalTransfers(loan.applicationId)).toHaveLength(1);
    expect((await disbursalOf(loan.disbursalId)).bankReference).toBe(`SBX-${loan.disbursalId}`);
  });

  it("keeps a paid disbursal pending, saying so, when recording the payment fails, and records it on the next attempt", async () => {
    const loan = await inDisbursal();
    const agreed = (await applicationOf(loan.applicationId)).totalRepayment;
    // A schedule that does not add up to the agreed total makes the recording transaction fail.
    await db.update(schema.accountApplications).set({ totalRepayment: agreed + 1 }).where(eq(schema.accountApplications.id, loan.applicationId));
    const integrations = sandboxDisbursalIntegrations(db);
    await expect(runDisbursal(db, integrations, loan.disbursalId, businessInstant(PAY_DAY))).rejects.toThrow(/the agreed total repayment/);
    expect(await disbursalOf(loan.disbursalId)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: expect.stringMatching(new RegExp(`^paid by the bank \\(SBX-${loan.disbursalId}\\), not recorded: schedule of application`)),
    });
    expect(await disbursalTransfers(loan.applicationId)).toEqual([]);
    expect((await applicationOf(loan.applicationId)).status).toBe("in_disbursement");

    await db.update(schema.accountApplications).set({ totalRepayment: agreed }).where(eq(schema.accountApplications.id, loan.applicationId));
    // Its lease runs out (real time) before another runner may try.
    expect(await runDisbursal(db, integrations, loan.disbursalId, businessInstant(PAY_DAY))).toBe("not_due");
    await db.update(schema.disbursals).set({ claimedUntil: null }).where(eq(schema.disbursals.id, loan.disbursalId));
    expect(await runDisbursal(db, integrations, loan.disbursalId, businessInstant(PAY_DAY))).toBe("succeeded");
    expect(await bankMemory(loan.disbursalId)).toMatchObject({ calls: 2, paidReference: `SBX-${loan.disbursalId}` });
    expect(await disbursalTransfers(loan.applicationId)).toHaveLength(1);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("goes on with the other due disbursals when one attempt throws", async () => {
    const broken = await inDisbursal();
    const fine = await inDisbursal();
    const agreed = (await applicationOf(broken.applicationId)).totalRepayment;
    await db.update(schema.accountApplications).set({ totalRepayment: agreed + 1 }).where(eq(schema.accountApplications.id, broken.applicationId));
    const errors: unknown[] = [];
    const outcomes = await runDueDisbursals(db, sandboxDisbursalIntegrations(db), businessInstant(PAY_DAY), { error: (entry: unknown) => errors.push(entry) });
    expect(outcomes.sort()).toEqual(["error", "succeeded"]);
    expect(errors).toEqual([expect.objectContaining({ disbursal: broken.disbursalId })]);
    expect((await applicationOf(fine.applicationId)).status).toBe("activated");
    // Repaired, it is paid on its next attempt once its lease is over.
    await db.update(schema.accountApplications).set({ totalRepayment: agreed }).where(eq(schema.accountApplications.id, broken.applicationId));
    await db.update(schema.disbursals).set({ claimedUntil: null }).where(eq(schema.disbursals.id, broken.disbursalId));
    expect(await runDueDisbursals(db, sandboxDisbursalIntegrations(db), businessInstant(PAY_DAY))).toEqual(["succeeded"]);
  });

  it("gives up at once on a permanent refusal: application cancelled, reservations voided, balances restored", async () => {
    const loan = await inDisbursal(SANDBOX_REFUSED_ACCOUNT_NUMBER);
    expect(await runDisbursal(db, sandboxDisbursalIntegrations(db), loan.disbursalId, businessInstant(PAY_DAY))).toBe("failed");
    expect(await disbursalOf(loan.disbursalId)).toMatchObject({ status: "failed", attempts: 1, lastError: "account closed (sandbox)", bankReference: null });
    expect((await applicationOf(loan.applicationId)).status).toBe("cancelled");
    expect(await accountOf(loan.accountId)).toMatchObject({ status: "closed", closedOn: PAY_DAY, activatedOn: null, principalBalance: 0 });
    const investments = await db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
    expect(investments.map((i) => i.status)).toEqual(["canceled", "canceled"]);
    for (const lender of loan.lenders) expect(await lenderFunds(lender)).toMatchObject({ posted: DEPOSIT, available: DEPOSIT, pendingOut: 0 });
    expect(await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, loan.applicationId))).toEqual([]);
    expect(await disbursalTransfers(loan.applicationId)).toEqual([]);
    expect(await noticesOf(loan.customerId)).toMatchObject([
      {
        title: "Dana pinjaman gagal dikirim",
        body: expect.stringMatching(/dana pinjaman tidak dapat dikirim ke rekening pencairan Anda\. Pengajuan Anda dibatalkan tanpa biaya\./),
      },
    ]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it(`gives up after ${MAX_DISBURSAL_ATTEMPTS} refused attempts`, async () => {
    const loan = await inDisbursal();
    const bank = sandboxDisbursalIntegrations(db, "fail");
    const outcomes = [];
    let at = businessInstant(PAY_DAY);
    for (let i = 0; i < MAX_DISBURSAL_ATTEMPTS; i++) {
      outcomes.push(await runDisbursal(db, bank, loan.disbursalId, at));
      at = new Date(at.getTime() + 24 * 60 * 60_000);
    }
    expect(outcomes).toEqual([...Array<string>(MAX_DISBURSAL_ATTEMPTS - 1).fill("retry_later"), "failed"]);
    expect(await disbursalOf(loan.disbursalId)).toMatchObject({ status: "failed", attempts: MAX_DISBURSAL_ATTEMPTS, lastError: "bank unavailable (sandbox)" });
    expect((await applicationOf(loan.applicationId)).status).toBe("cancelled");
    for (const lender of loan.lenders) expect(await lenderFunds(lender)).toMatchObject({ available: DEPOSIT, pendingOut: 0 });
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("gives up when the borrower's profile holds no bank account, without calling the bank", async () => {
    const loan = await inDisbursal();
    await db.update(schema.customerProfiles).set({ kyc: {} }).where(eq(schema.customerProfiles.customerId, loan.customerId));
    expect(await runDisbursal(db, sandboxDisbursalIntegrations(db), loan.disbursalId, businessInstant(PAY_DAY))).toBe("failed");
    expect((await disbursalOf(loan.disbursalId)).lastError).toBe("the borrower's profile has no bank account");
    expect(await bankMemory(loan.disbursalId)).toBeUndefined();
  });
});

describe("two runners at once", () => {
  it("as jobs: runs of the disbursal job at once (one occurrence delivered twice, and the next slot) pay once", async () => {
    const loan = await inDisbursal();
    const sandbox = sandboxDisbursalIntegrations(db);
    const calls: string[] = [];
    const integrations = { ...sandbox, bank: { ...sandbox.bank, transfer: (transfer) => (calls.push(transfer.reference), sandbox.bank.transfer(transfer)) } satisfies BankAdapter };
    const occurrence = (slot: string) => ({ key: `${PAY_DAY}T${slot}`, businessDate: PAY_DAY, at: businessInstant(PAY_DAY, slot) });
    const outcomes = await Promise.all([
      runOccurrence(db, disbursalJob, occurrence("01:00"), log, integrations),
      runOccurrence(db, disbursalJob, occurrence("01:00"), log, integrations),
      runOccurrence(db, disbursalJob, occurrence("01:15"), log, integrations),
    ]);
    expect(outcomes.sort()).toEqual(["already_ran", "ran", "ran"]);
    expect(calls).toEqual([loan.disbursalId]);
    expect(await disbursalTransfers(loan.applicationId)).toHaveLength(1);
    expect((await applicationOf(loan.applicationId)).status).toBe("activated");
  });

  it("pay each disbursal once, even while one of them is still waiting for the bank", async () => {
    const loans = [await inDisbursal(), await inDisbursal(), await inDisbursal()];
    const sandbox = sandboxDisbursalIntegrations(db);
    const calls: string[] = [];
    // The first bank call is held until the other runners are done: they meet its disbursal claimed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstCall: ((value: void) => void) | undefined;
    const firstCallMade = new Promise<void>((resolve) => (firstCall = resolve));
    const gated: BankAdapter = {
      ...sandbox.bank,
      async transfer(transfer) {
        calls.push(transfer.reference);
        if (calls.length === 1) {
          firstCall!();
          await held;
        }
        return sandbox.bank.transfer(transfer);
      },
    };
    const integrations = { ...sandbox, bank: gated };
    const at = businessInstant(PAY_DAY);
    const first = runDueDisbursals(db, integrations, at);
    await firstCallMade;
    const others = await Promise.all([runDueDisbursals(db, integrations, at), runDueDisbursals(db, integrations, at)]);
    release();
    const outcomes = [...(await first), ...others.flat()].filter((o) => o !== "not_due");
    expect(outcomes).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(calls.sort()).toEqual(loans.map((l) => l.disbursalId).sort());
    for (const loan of loans) {
      expect(await disbursalTransfers(loan.applicationId)).toHaveLength(1);
      expect(await disbursalOf(loan.disbursalId)).toMatchObject({ status: "succeeded", attempts: 1 });
      expect(await bankMemory(loan.disbursalId)).toMatchObject({ calls: 1 });
      expect((await applicationOf(loan.applicationId)).status).toBe("activated");
    }
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
