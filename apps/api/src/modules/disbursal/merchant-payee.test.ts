import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { accountBook } from "../accounts/account-detail.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { startDueDisbursals } from "./cooling-off.ts";
import { disbursalQueue } from "./disbursal-queue.ts";
import { runDisbursal } from "./disbursal-run.ts";
import { disbursalPayee } from "./payee.ts";
import { approvedLoanApplication, businessInstant, fundApplication, sandboxDisbursalIntegrations, withBankAccount, type LoanTerms } from "./sandbox-loans.ts";

/**
 * Decision 0032: the loan of a purchase pays the merchant (its partner's settlement account), a
 * cash loan still pays the borrower; the ledger moves the same payout out of the escrow either way.
 */

const TERMS: LoanTerms = { amount: 3_000_000, term: 4, dailyRatePpm: 1000 };
const FUNDED_ON = "2026-11-02";
const PAY_DAY = "2026-11-04";
const MERCHANT_ACCOUNT = { settlementBankCode: "mandiri", settlementAccountNumber: "1310099887766", settlementAccountName: "PT Elektronik Jaya Abadi" };

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

/** A borrower (own account 1234567890 at BCA) whose application is funded and past its cooling-off; for a purchase, the purchase points at it. */
async function inDisbursal(purchase: "none" | "merchant" | "merchant_without_account") {
  const n = ++people;
  const [customer] = await db.insert(schema.customers).values({ name: `Peminjam Toko ${n}`, email: `peminjam.toko.${n}@contoh.co.id` }).returning({ id: schema.customers.id });
  await withBankAccount(db, customer!.id);
  const lender = await lenderWithFunds(db, `pemodal.toko.${n}@contoh.co.id`, TERMS.amount, FUNDED_ON);
  const { accountId, applicationId } = await approvedLoanApplication(db, customer!.id, TERMS);
  if (purchase !== "none") {
    const [partner] = await db
      .insert(schema.partners)
      .values({
        name: `Mitra ${n}`,
        legalName: `PT Mitra ${n}`,
        contactEmail: `mitra.${n}@contoh.co.id`,
        callbackUrl: "https://mitra.example/hook",
        callbackSecret: `secret-${n}`,
        ...(purchase === "merchant" ? MERCHANT_ACCOUNT : {}),
      })
      .returning({ id: schema.partners.id });
    await db.insert(schema.purchases).values({
      partnerId: partner!.id,
      externalId: `INV-${n}`,
      merchantName: "Toko Elektronik Jaya",
      itemName: "Ponsel Android 128 GB",
      productKey: "spl",
      amount: TERMS.amount + 500_000,
      discount: 500_000,
      term: TERMS.term,
      customerId: customer!.id,
      accountApplicationId: applicationId,
      paidAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  await fundApplication(db, applicationId, [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: TERMS.amount }], FUNDED_ON);
  await db.transaction((tx) => startDueDisbursals(tx as unknown as Db, PAY_DAY, businessInstant(PAY_DAY, "00:40")));
  const [disbursal] = await db.select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, applicationId));
  return { customerId: customer!.id, accountId, applicationId, disbursal: disbursal! };
}

const bankTransfer = async (reference: string) => (await db.select().from(schema.sandboxBankTransfers).where(eq(schema.sandboxBankTransfers.reference, reference)))[0];
const disbursalOf = async (id: string) => (await db.select().from(schema.disbursals).where(eq(schema.disbursals.id, id)))[0]!;
const noticesOf = (customerId: string) => db.select().from(schema.customerNotices).where(eq(schema.customerNotices.customerId, customerId));
const escrowBalance = async () => {
  const escrow = await findLedgerAccount(db, "bank_escrow", {});
  return escrow ? balanceOf("bank_escrow", escrow).posted : 0;
};
const pay = (disbursalId: string) => runDisbursal(db, sandboxDisbursalIntegrations(db), disbursalId, businessInstant(PAY_DAY));

describe("whom a disbursal pays", () => {
  it("pays a purchase's loan to the merchant's settlement account, records it, tells the borrower, and books the same escrow movement", async () => {
    const loan = await inDisbursal("merchant");
    const cash = await inDisbursal("none");
    // The operator's queue names whom each payout goes to before it is paid.
    const queued = await disbursalQueue(db, "pending");
    expect(queued.find((i) => i.disbursal_id === loan.disbursal.id)).toMatchObject({ merchant_name: "Toko Elektronik Jaya" });
    expect(queued.find((i) => i.disbursal_id === cash.disbursal.id)).toMatchObject({ merchant_name: null });
    const escrowBefore = await escrowBalance();
    expect(await pay(loan.disbursal.id)).toBe("succeeded");

    // The bank was asked to pay the merchant, not the borrower's own account.
    expect(await bankTransfer(loan.disbursal.id)).toMatchObject({
      amount: loan.disbursal.payout,
      bankCode: "mandiri",
      accountNumber: "1310099887766",
      accountName: "PT Elektronik Jaya Abadi",
      calls: 1,
    });
    expect(await disbursalOf(loan.disbursal.id)).toMatchObject({
      status: "succeeded",
      payeeKind: "merchant",
      payeeName: "Toko Elektronik Jaya",
      payeeBankCode: "mandiri",
      payeeAccountNumber: "1310099887766",
    });
    // The borrower owes the loan as usual: it is active with its principal.
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(account).toMatchObject({ status: "active", principalBalance: TERMS.amount });
    // Escrow out by the payout, as for any loan.
    expect(escrowBefore - (await escrowBalance())).toBe(loan.disbursal.payout);
    const [transfer] = await db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.idempotencyKey, `disbursal:${loan.applicationId}`));
    expect(transfer).toMatchObject({ code: "disbursal", amount: loan.disbursal.payout });
    const notices = await noticesOf(loan.customerId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe("Pembelian Anda sudah dibayar");
    expect(notices[0]!.body).toMatch(/^Halo Peminjam Toko \d+, dana pinjaman sebesar Rp 3\.000\.000 sudah kami bayarkan ke Toko Elektronik Jaya untuk pembelian Anda\. Cicilan pertama sebesar /);
    expect(notices[0]!.body).not.toContain("1234567890");
    // The loan page says where the money went.
    const book = await accountBook(db, loan.customerId, loan.accountId, PAY_DAY);
    expect(book.detail.paid_to_merchant).toBe("Toko Elektronik Jaya");
  });

  it("still pays a cash loan to the borrower's own account", async () => {
    const loan = await inDisbursal("none");
    expect(await pay(loan.disbursal.id)).toBe("succeeded");
    expect(await bankTransfer(loan.disbursal.id)).toMatchObject({ amount: loan.disbursal.payout, bankCode: "bca", accountNumber: "1234567890", accountName: expect.stringMatching(/^Peminjam Toko \d+$/) });
    expect(await disbursalOf(loan.disbursal.id)).toMatchObject({ payeeKind: "borrower", payeeBankCode: "bca", payeeAccountNumber: "1234567890" });
    expect((await noticesOf(loan.customerId))[0]!.body).toContain("sudah kami kirim ke rekening BCA 1234567890");
    expect((await accountBook(db, loan.customerId, loan.accountId, PAY_DAY)).detail.paid_to_merchant).toBeNull();
  });

  it("gives up a purchase's loan whose partner has no settlement account rather than pay the borrower, and calls no bank", async () => {
    const loan = await inDisbursal("merchant_without_account");
    expect(await disbursalPayee(db, loan.applicationId)).toEqual({ ok: false, reason: "the purchase's partner has no settlement account" });
    expect(await pay(loan.disbursal.id)).toBe("failed");
    expect(await bankTransfer(loan.disbursal.id)).toBeUndefined();
    expect(await disbursalOf(loan.disbursal.id)).toMatchObject({ status: "failed", lastError: "the purchase's partner has no settlement account", payeeKind: null });
  });
});
