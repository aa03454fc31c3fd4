import { randomUUID } from "node:crypto";
import { schema } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testDatabase } from "../../../test/harness.ts";
import { sandboxCustomerIds } from "../accounts/sandbox-accounts.ts";
import { ledgerInvariantViolations } from "./ledger-invariants.ts";
import { createTransfers, openLedgerAccount, LedgerRefusal, type LedgerAccount, type TransferInput } from "./ledger-service.ts";

let database: Awaited<ReturnType<typeof testDatabase>>;
let lender: string;
let borrower: string;
const db = () => database.db;
const today = "2026-11-24";

beforeAll(async () => {
  database = await testDatabase();
  ({ sari: lender, budi: borrower } = await sandboxCustomerIds(db()));
});
afterAll(async () => {
  await database?.close();
});

async function platformAccount(customerId: string, typeKey: "loan" | "investment") {
  const [row] = await db().insert(schema.accounts).values({ customerId, typeKey, status: "active" }).returning({ id: schema.accounts.id });
  return row!.id;
}

/** A lender's funds account on a new investment account, with `deposit` rupiah from the escrow. */
async function fundedLender(deposit: number): Promise<LedgerAccount> {
  const funds = await openLedgerAccount(db(), "lender_funds", { customerId: lender, accountId: await platformAccount(lender, "investment") });
  if (deposit > 0) {
    const escrow = await openLedgerAccount(db(), "bank_escrow");
    await createTransfers(db(), [
      { mode: "single_phase", debitAccountId: escrow.id, creditAccountId: funds.id, amount: deposit, code: "deposit", idempotencyKey: `deposit:${randomUUID()}`, businessDate: today },
    ]);
  }
  return funds;
}

/** An investment row for a lender_investment account to name (its reservation is the test's own). */
async function investmentOn(loan: string): Promise<string> {
  const [application] = await db()
    .insert(schema.accountApplications)
    .values({ accountId: loan, typeKey: "initial", status: "waiting_for_investment", amount: 1_000_000_000, term: 4, dailyRatePpm: 1000, totalRepayment: 1_000_000_000 })
    .returning({ id: schema.accountApplications.id });
  const [row] = await db()
    .insert(schema.investments)
    .values({ investmentAccountId: await platformAccount(lender, "investment"), customerId: lender, accountApplicationId: application!.id, amount: 1, status: "pending", idempotencyKey: randomUUID() })
    .returning({ id: schema.investments.id });
  return row!.id;
}

async function reload(id: string): Promise<LedgerAccount> {
  const [row] = await db().select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.id, id));
  return row!;
}

const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(LedgerRefusal);
  return { code: (error as LedgerRefusal).code, index: (error as LedgerRefusal).index };
};

describe("ledger accounts", () => {
  it("open once per kind and owner, with the kind's limits, even when opened twice at once", async () => {
    const accountId = await platformAccount(lender, "investment");
    const [a, b] = await Promise.all([
      openLedgerAccount(db(), "lender_funds", { customerId: lender, accountId }),
      openLedgerAccount(db(), "lender_funds", { customerId: lender, accountId }),
    ]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ kind: "lender_funds", currency: "IDR", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, debitsPosted: 0 });
    expect((await openLedgerAccount(db(), "bank_escrow")).id).toBe((await openLedgerAccount(db(), "bank_escrow")).id);
  });

  it("name the owners their kind needs", async () => {
    await expect(openLedgerAccount(db(), "lender_funds", { customerId: lender })).rejects.toThrow("a lender_funds ledger account needs accountId");
    await expect(openLedgerAccount(db(), "bank_escrow", { customerId: lender })).rejects.toThrow("a bank_escrow ledger account takes no customerId");
  });
});

describe("transfers", () => {
  it("post, and a retry with the same key and content posts nothing again", async () => {
    const funds = await fundedLender(0);
    const escrow = await openLedgerAccount(db(), "bank_escrow");
    const before = await reload(escrow.id);
    const deposit: TransferInput = { mode: "single_phase", debitAccountId: escrow.id, creditAccountId: funds.id, amount: 2_500_000_000, code: "deposit", idempotencyKey: `k:${randomUUID()}`, businessDate: today, reference: "sandbox_deposit" };
    const [first] = await createTransfers(db(), [deposit]);
    expect(first).toMatchObject({ amount: 2_500_000_000, replayed: false, mode: "single_phase", businessDate: today, pendingId: null });
    const [again] = await createTransfers(db(), [{ ...deposit, businessDate: "2026-11-25" }]);
    expect(again).toEqual({ ...first, replayed: true });
    expect((await reload(funds.id)).creditsPosted).toBe(2_500_000_000);
    expect((await reload(escrow.id)).debitsPosted).toBe(before.debitsPosted + 2_500_000_000);
  });

  it("refuse the same key with other content, changing nothing", async () => {
    const funds = await fundedLender(0);
    const escrow = await openLedgerAccount(db(), "bank_escrow");
    const deposit: TransferInput = { mode: "single_phase", debitAccountId: escrow.id, creditAccountId: funds.id, amount: 100_000, code: "deposit", idempotencyKey: `k:${randomUUID()}`, businessDate: today };
    await createTransfers(db(), [deposit]);
    const counts = await rowCounts(database);
    for (const changed of [{ amount: 100_001 }, { code: "correction" as const }, { reference: "other" }]) {
      expect(await refusalOf(createTransfers(db(), [{ ...deposit, ...changed }]))).toEqual({ code: "idempotency_conflict", index: 0 });
    }
    expect(await rowCounts(database)).toEqual(counts);
    expect((await reload(funds.id)).creditsPosted).toBe(100_000);
  });

  it("post a batch all or nothing: one refusal and no transfer of it is stored", async () => {
    const funds = await fundedLender(1_000_000);
    const other = await fundedLender(0);
    const counts = await rowCounts(database);
    const move = (amount: number, n: number): TransferInput => ({ mode: "single_phase", debitAccountId: funds.id, creditAccountId: other.id, amount, code: "correction", idempotencyKey: `b:${n}:${randomUUID()}`, businessDate: today });
    expect(await refusalOf(createTransfers(db(), [move(600_000, 1), move(400_000, 2), move(1, 3)]))).toEqual({ code: "exceeds_credits", index: 2 });
    expect(await rowCounts(database)).toEqual(counts);
    expect(await reload(funds.id)).toMatchObject({ debitsPosted: 0, creditsPosted: 1_000_000 });
    expect(await createTransfers(db(), [move(600_000, 4), move(400_000, 5)])).toHaveLength(2);
    expect(balanceOf("lender_funds", await reload(funds.id)).available).toBe(0);
  });

  it("refuse bad amounts, one account on both sides and unknown accounts before touching the database", async () => {
    const funds = await fundedLender(1_000);
    const counts = await rowCounts(database);
    const base = { mode: "single_phase" as const, code: "correction" as const, businessDate: today, idempotencyKey: `x:${randomUUID()}` };
    for (const amount of [0, -1, 0.5, 2 ** 53]) {
      expect(await refusalOf(createTransfers(db(), [{ ...base, debitAccountId: funds.id, creditAccountId: randomUUID(), amount }]))).toEqual({ code: "invalid_amount", index: 0 });
    }
    expect(await refusalOf(createTransfers(db(), [{ ...base, debitAccountId: funds.id, creditAccountId: funds.id, amount: 1 }]))).toEqual({ code: "same_account", index: 0 });
    expect(await refusalOf(createTransfers(db(), [{ ...base, debitAccountId: funds.id, creditAccountId: randomUUID(), amount: 1 }]))).toEqual({ code: "account_not_found", index: 0 });
    expect(await refusalOf(createTransfers(db(), [{ ...base, debitAccountId: funds.id, creditAccountId: "not-a-uuid", amount: 1 }]))).toEqual({ code: "account_not_found", index: 0 });
    expect(await rowCounts(database)).toEqual(counts);
  });
});

describe("two-phase transfers", () => {
  async function reservation(funds: LedgerAccount, amount: number) {
    const loan = await platformAccount(borrower, "loan");
    const share = await openLedgerAccount(db(), "lender_investment", { customerId: lender, accountId: loan, investmentId: await investmentOn(loan) });
    const [pending] = await createTransfers(db(), [
      { mode: "pending", debitAccountId: funds.id, creditAccountId: share.id, amount, code: "reservation", idempotencyKey: `r:${randomUUID()}`, businessDate: today },
    ]);
    return { share, loan, pending: pending! };
  }
  /** What disbursal pairs with posting a share: the borrower's receivable, paid out of the escrow. */
  async function receivable(loan: string, amount: number): Promise<TransferInput> {
    const account = await openLedgerAccount(db(), "loan_receivable", { customerId: borrower, accountId: loan });
    const escrow = await openLedgerAccount(db(), "bank_escrow");
    return { mode: "single_phase", debitAccountId: account.id, creditAccountId: escrow.id, amount, code: "disbursal", idempotencyKey: `d:${randomUUID()}`, businessDate: today };
  }
  const resolution = (mode: "post_pending" | "void_pending", pendingId: string, amount?: number): TransferInput =>
    ({ mode, pendingId, ...(amount ? { amount } : {}), code: "reservation", idempotencyKey: `res:${randomUUID()}`, businessDate: today }) as TransferInput;

  it("reserve funds as pending debits, then post part of them: the rest is available again", async () => {
    const funds = await fundedLender(1_000_000);
    const { share, loan, pending } = await reservation(funds, 700_000);
    expect(balanceOf("lender_funds", await reload(funds.id))).toEqual({ posted: 1_000_000, available: 300_000, pendingOut: 700_000, pendingIn: 0 });
    expect(await refusalOf(createTransfers(db(), [resolution("post_pending", pending.id, 700_001)]))).toEqual({ code: "exceeds_pending_amount", index: 0 });
    const [post] = await createTransfers(db(), [resolution("post_pending", pending.id, 500_000), await receivable(loan, 500_000)]);
    expect(post).toMatchObject({ mode: "post_pending", pendingId: pending.id, amount: 500_000, debitAccountId: funds.id, creditAccountId: share.id });
    expect(balanceOf("lender_funds", await reload(funds.id))).toEqual({ posted: 500_000, available: 500_000, pendingOut: 0, pendingIn: 0 });
    expect(await reload(share.id)).toMatchObject({ creditsPosted: 500_000, creditsPending: 0 });
  });

  it("resolve exactly once: post or void again, void after post, post after void are refused", async () => {
    const funds = await fundedLender(1_000_000);
    const first = await reservation(funds, 400_000);
    const second = await reservation(funds, 300_000);
    const [voided] = await createTransfers(db(), [resolution("void_pending", first.pending.id)]);
    expect(voided).toMatchObject({ mode: "void_pending", amount: 400_000 });
    const counts = await rowCounts(database);
    expect(await refusalOf(createTransfers(db(), [resolution("post_pending", first.pending.id)]))).toEqual({ code: "pending_already_resolved", index: 0 });
    expect(await refusalOf(createTransfers(db(), [resolution("void_pending", first.pending.id)]))).toEqual({ code: "pending_already_resolved", index: 0 });
    expect(await refusalOf(createTransfers(db(), [resolution("post_pending", voided!.id)]))).toEqual({ code: "not_pending", index: 0 });
    expect(await refusalOf(createTransfers(db(), [resolution("post_pending", randomUUID())]))).toEqual({ code: "pending_not_found", index: 0 });
    expect(await rowCounts(database)).toEqual(counts);
    const post = resolution("post_pending", second.pending.id);
    await createTransfers(db(), [post, await receivable(second.loan, 300_000)]);
    expect((await createTransfers(db(), [post]))[0]!.replayed).toBe(true);
    expect(await refusalOf(createTransfers(db(), [resolution("void_pending", second.pending.id)]))).toEqual({ code: "pending_already_resolved", index: 0 });
    expect(balanceOf("lender_funds", await reload(funds.id))).toEqual({ posted: 700_000, available: 700_000, pendingOut: 0, pendingIn: 0 });
  });

  it("post in the same batch as the reservation, naming the transfer by the id the caller chose", async () => {
    const funds = await fundedLender(50_000);
    const loan = await platformAccount(borrower, "loan");
    const share = await openLedgerAccount(db(), "lender_investment", { customerId: lender, accountId: loan, investmentId: await investmentOn(loan) });
    const [pending] = await createTransfers(db(), [{ mode: "pending", debitAccountId: funds.id, creditAccountId: share.id, amount: 50_000, code: "reservation", idempotencyKey: `r:${randomUUID()}`, businessDate: today }]);
    await createTransfers(db(), [resolution("void_pending", pending!.id)]);
    const id = randomUUID();
    const [reserved, posted] = await createTransfers(db(), [
      { id, mode: "pending", debitAccountId: funds.id, creditAccountId: share.id, amount: 20_000, code: "reservation", idempotencyKey: `r:${id}`, businessDate: today },
      resolution("post_pending", id, 20_000),
      await receivable(loan, 20_000),
    ]);
    expect(posted).toMatchObject({ pendingId: reserved!.id, amount: 20_000 });
    expect(balanceOf("lender_funds", await reload(funds.id)).available).toBe(30_000);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });
});

describe("the database keeps the ledger append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of transfers, and deleting or re-kinding an account", async () => {
    const funds = await fundedLender(10_000);
    const counts = await rowCounts(database);
    const [transfer] = await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.creditAccountId, funds.id));
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db().execute(statement).then(() => null, (e: unknown) => e as Error & { cause?: { message?: string } });
      expect(error).not.toBeNull();
      return `${error!.message} ${error!.cause?.message ?? ""}`;
    };
    expect(await refused(sql`update ledger_transfers set amount = 1 where id = ${transfer!.id}`)).toContain("ledger_transfers is append-only: UPDATE refused");
    expect(await refused(sql`delete from ledger_transfers where id = ${transfer!.id}`)).toContain("ledger_transfers is append-only: DELETE refused");
    expect(await refused(sql`truncate ledger_transfers cascade`)).toContain("append-only: TRUNCATE refused");
    expect(await refused(sql`delete from ledger_accounts where id = ${funds.id}`)).toContain("ledger_accounts are never removed");
    expect(await refused(sql`update ledger_accounts set kind = 'platform_fees' where id = ${funds.id}`)).toContain("only the totals change");
    expect(await refused(sql`update ledger_accounts set debits_posted = 20000 where id = ${funds.id}`)).toContain("ledger_accounts_debits_limit");
    expect(await refused(sql`delete from customers where id = ${lender}`)).toContain("foreign key");
    expect(await rowCounts(database)).toEqual(counts);
    expect(await reload(funds.id)).toMatchObject({ debitsPosted: 0, creditsPosted: 10_000 });
  });

  it("checks amounts and accounts of every stored transfer", async () => {
    const funds = await fundedLender(0);
    const escrow = await openLedgerAccount(db(), "bank_escrow");
    const insert = (amount: number, credit: string, mode = "single_phase") =>
      db().execute(sql`insert into ledger_transfers (idempotency_key, mode, code, debit_account_id, credit_account_id, amount, business_date) values (${randomUUID()}, ${mode}, 'correction', ${escrow.id}, ${credit}, ${amount}, ${today})`);
    await expect(insert(0, funds.id)).rejects.toThrow();
    await expect(insert(-5, funds.id)).rejects.toThrow();
    await expect(insert(5, escrow.id)).rejects.toThrow();
    await expect(insert(5, funds.id, "post_pending")).rejects.toThrow();
  });
});

describe("concurrency", () => {
  it(`50 reservations at once against one lender: never overdrawn, the reserved sum is what succeeded`, { timeout: 120_000 }, async () => {
    const funds = await fundedLender(5_000_000);
    const loan = await platformAccount(borrower, "loan");
    const shares = await Promise.all(Array.from({ length: 50 }, async () => openLedgerAccount(db(), "lender_investment", { customerId: lender, accountId: loan, investmentId: await investmentOn(loan) })));
    const outcomes = await Promise.allSettled(
      shares.map((share) =>
        createTransfers(db(), [{ mode: "pending", debitAccountId: funds.id, creditAccountId: share.id, amount: 300_000, code: "reservation", idempotencyKey: `r:${share.id}`, businessDate: today }]),
      ),
    );
    const succeeded = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(succeeded).toHaveLength(16);
    expect(refused.map((e: unknown) => (e as LedgerRefusal).code)).toEqual(Array(34).fill("exceeds_credits"));
    expect(balanceOf("lender_funds", await reload(funds.id))).toEqual({ posted: 5_000_000, available: 200_000, pendingOut: 4_800_000, pendingIn: 0 });
    const { rows } = (await db().execute(sql`select coalesce(sum(amount), 0)::bigint as reserved from ledger_transfers where debit_account_id = ${funds.id} and mode = 'pending'`)) as unknown as { rows: { reserved: string }[] };
    expect(Number(rows[0]!.reserved)).toBe(4_800_000);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  it("one key sent ten times at once posts once; opposite transfers between two accounts never deadlock", { timeout: 120_000 }, async () => {
    const a = await fundedLender(1_000_000);
    const b = await fundedLender(1_000_000);
    const key = `same:${randomUUID()}`;
    const same: TransferInput = { mode: "single_phase", debitAccountId: a.id, creditAccountId: b.id, amount: 1_000, code: "correction", idempotencyKey: key, businessDate: today };
    const results = await Promise.all(Array.from({ length: 10 }, () => createTransfers(db(), [same])));
    expect(results.map((r) => r[0]!.replayed).filter((replayed) => !replayed)).toHaveLength(1);
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        createTransfers(db(), [
          { mode: "single_phase", debitAccountId: n % 2 ? a.id : b.id, creditAccountId: n % 2 ? b.id : a.id, amount: 10_000, code: "correction", idempotencyKey: `x:${randomUUID()}`, businessDate: today },
          { mode: "single_phase", debitAccountId: n % 2 ? b.id : a.id, creditAccountId: n % 2 ? a.id : b.id, amount: 5_000, code: "correction", idempotencyKey: `x:${randomUUID()}`, businessDate: today },
        ]),
      ),
    );
    expect(balanceOf("lender_funds", await reload(a.id)).posted).toBe(999_000);
    expect(balanceOf("lender_funds", await reload(b.id)).posted).toBe(1_001_000);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });
});

