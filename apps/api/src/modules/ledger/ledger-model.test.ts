import { randomUUID } from "node:crypto";
import { schema } from "@pinjaman/db";
import { applyTransfer, type LedgerAccountState, type LedgerBook, type TransferRecord, type TransferRequest } from "@pinjaman/domain/ledger";
import fc from "fast-check";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import { sandboxCustomerIds } from "../accounts/sandbox-accounts.ts";
import { ledgerInvariantViolations } from "./ledger-invariants.ts";
import { createTransfers, LedgerRefusal, openLedgerAccount, type LedgerOwner, type TransferInput } from "./ledger-service.ts";

/**
 * Model-based property test: random batches of transfers (single, pending, post whole or part,
 * void, retries of earlier keys, reused keys with other content) go to the database and to the
 * pure model of packages/domain. Both must accept or refuse alike (same refusal, same place in the
 * batch), a refused batch changes nothing, the totals are the sum of the transfers, and the
 * invariants hold after every batch.
 */
let database: Awaited<ReturnType<typeof testDatabase>>;
let lender: string;
let borrower: string;
const db = () => database.db;

beforeAll(async () => {
  database = await testDatabase();
  ({ sari: lender, budi: borrower } = await sandboxCustomerIds(db()));
});
afterAll(async () => {
  await database?.close();
});

const NAMES = ["escrow", "fundsA", "fundsB", "fees", "writeOffs", "credit"] as const;
type Name = (typeof NAMES)[number];

const amount = fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 3_000_000 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -1, 2.5) });
const command = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constantFrom("single_phase" as const, "pending" as const), debit: fc.constantFrom(...NAMES), credit: fc.constantFrom(...NAMES), amount }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("post_pending" as const), pick: fc.nat(), amount: fc.option(amount, { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("void_pending" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("retry" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reuse_key" as const), pick: fc.nat() }) },
);
const batches = fc.array(fc.array(command, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 });

/** A plan run first, whatever the seed: a post, a reservation posted, then each refusal and a replay. */
type Plan = typeof batches extends fc.Arbitrary<infer T> ? T : never;
const EVERY_OUTCOME: Plan = [
  [{ op: "single_phase", debit: "escrow", credit: "fundsA", amount: 100 }],
  [{ op: "pending", debit: "fundsA", credit: "fundsB", amount: 1_000_000 }],
  [{ op: "post_pending", pick: 0, amount: 400_000 }],
  [{ op: "void_pending", pick: 0 }],
  [{ op: "retry", pick: 0 }],
  [{ op: "reuse_key", pick: 0 }],
  [{ op: "single_phase", debit: "fundsB", credit: "fees", amount: 99_000_000 }],
];

/** Fresh accounts for one run (a new lender and loan), plus the shared escrow and fee accounts. */
async function openRunAccounts(): Promise<Record<Name, string>> {
  const [investA, investB, loan] = await db()
    .insert(schema.accounts)
    .values([
      { customerId: lender, typeKey: "investment", status: "active" },
      { customerId: borrower, typeKey: "investment", status: "active" },
      { customerId: borrower, typeKey: "loan", status: "active" },
    ])
    .returning({ id: schema.accounts.id });
  const open = async (kind: Parameters<typeof openLedgerAccount>[1], owner: LedgerOwner = {}) => (await openLedgerAccount(db(), kind, owner)).id;
  const ids = {
    escrow: await open("bank_escrow"),
    fundsA: await open("lender_funds", { customerId: lender, accountId: investA!.id }),
    fundsB: await open("lender_funds", { customerId: borrower, accountId: investB!.id }),
    fees: await open("platform_fees"),
    writeOffs: await open("write_offs", { accountId: loan!.id }),
    credit: await open("borrower_credit", { customerId: borrower, accountId: loan!.id }),
  };
  // Money to move: most random transfers would otherwise meet empty accounts.
  const deposit = (to: Name, amount: number): TransferInput => ({
    mode: "single_phase", debitAccountId: ids.escrow, creditAccountId: ids[to], amount, code: "deposit", idempotencyKey: `seed:${randomUUID()}`, businessDate: "2026-11-24",
  });
  await createTransfers(db(), [deposit("fundsA", 8_000_000), deposit("fundsB", 5_000_000), deposit("credit", 2_000_000), deposit("fees", 1_000_000)]);
  return ids;
}

async function stateOf(ids: string[]): Promise<Map<string, LedgerAccountState>> {
  const rows = await db().select().from(schema.ledgerAccounts).where(inArray(schema.ledgerAccounts.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const amountOf = (input: TransferInput) => ("amount" in input ? input.amount : undefined);

type Sent = { input: TransferInput; request: TransferRequest; stored?: TransferRecord };

describe("the ledger service against the pure model", () => {
  it("agrees on every batch; refusals change nothing; the invariants hold throughout", { timeout: 600_000 }, async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(batches, async (plan) => {
        const ids = await openRunAccounts();
        const all = Object.values(ids);
        const book: LedgerBook = { accounts: await stateOf(all), transfers: [] };
        const sent: Sent[] = [];
        for (const batch of plan) {
          const inputs: Sent[] = [];
          for (const c of batch) {
            const pendings = book.transfers.filter((t) => t.mode === "pending");
            const pendingId = pendings.length ? pendings[("pick" in c ? (c as { pick: number }).pick : 0) % pendings.length]!.id : randomUUID();
            const base = { code: "correction" as const, businessDate: "2026-11-24", idempotencyKey: `m:${randomUUID()}` };
            if (c.op === "single_phase" || c.op === "pending") {
              const request: TransferRequest = { mode: c.op, debitAccountId: ids[c.debit], creditAccountId: ids[c.credit], amount: c.amount };
              inputs.push({ input: { ...request, ...base }, request });
            } else if (c.op === "post_pending") {
              const request: TransferRequest = { mode: "post_pending", pendingId, ...(c.amount !== undefined ? { amount: c.amount } : {}) };
              inputs.push({ input: { ...request, ...base }, request });
            } else if (c.op === "void_pending") {
              const request: TransferRequest = { mode: "void_pending", pendingId };
              inputs.push({ input: { ...request, ...base }, request });
            } else if (sent.length) {
              const earlier = sent[(c as { pick: number }).pick % sent.length]!;
              if (c.op === "retry") inputs.push(earlier);
              else if (earlier.stored && earlier.request.mode !== "post_pending" && earlier.request.mode !== "void_pending") {
                const request = { ...earlier.request, amount: earlier.request.amount + 1 };
                inputs.push({ input: { ...earlier.input, amount: request.amount } as TransferInput, request, stored: earlier.stored });
              }
            }
          }
          if (!inputs.length) continue;

          // The model's answer, on a copy: all or nothing.
          const model: LedgerBook = { accounts: new Map(book.accounts), transfers: [...book.transfers] };
          const keys = new Map(sent.filter((s) => s.stored).map((s) => [s.input.idempotencyKey, s]));
          let expected: { code: string; index: number } | null = null;
          const predicted: (TransferRecord & { replayed: boolean })[] = [];
          for (const [index, s] of inputs.entries()) {
            const known = keys.get(s.input.idempotencyKey);
            if (known) {
              if (amountOf(known.input) !== amountOf(s.input) && s.request.mode !== "post_pending") {
                expected = { code: "idempotency_conflict", index };
                break;
              }
              predicted.push({ ...known.stored!, replayed: true });
              continue;
            }
            const result = applyTransfer(model, `pending-id-${index}`, s.request);
            if (!result.ok) {
              expected = { code: result.refusal, index };
              break;
            }
            keys.set(s.input.idempotencyKey, { ...s, stored: result.transfer });
            predicted.push({ ...result.transfer, replayed: false });
          }

          const before = await stateOf(all);
          const outcome = await createTransfers(db(), inputs.map((s) => s.input)).then(
            (posted) => ({ posted }),
            (error: unknown) => {
              if (!(error instanceof LedgerRefusal)) throw error;
              return { refused: { code: error.code, index: error.index } };
            },
          );
          const seen = "refused" in outcome ? outcome.refused.code : outcome.posted.some((p) => p.replayed) ? "posted_with_replays" : "posted";
          outcomes.set(seen, (outcomes.get(seen) ?? 0) + 1);
          if ("refused" in outcome) {
            expect(outcome.refused).toEqual(expected);
            expect(await stateOf(all)).toEqual(before);
            // Their keys were not stored: a later retry is a first attempt again.
            for (const s of inputs) if (!s.stored && !sent.includes(s)) sent.push(s);
          } else {
            expect(expected).toBeNull();
            expect(outcome.posted.map((p) => ({ mode: p.mode, amount: p.amount, debit: p.debitAccountId, credit: p.creditAccountId, replayed: p.replayed }))).toEqual(
              predicted.map((p) => ({ mode: p.mode, amount: p.amount, debit: p.debitAccountId, credit: p.creditAccountId, replayed: p.replayed })),
            );
            // Keep the model in step with the database's ids, then adopt the batch.
            for (const [index, s] of inputs.entries()) {
              const posted = outcome.posted[index]!;
              if (posted.replayed) continue;
              const record: TransferRecord = { id: posted.id, mode: posted.mode, debitAccountId: posted.debitAccountId, creditAccountId: posted.creditAccountId, amount: posted.amount, pendingId: posted.pendingId };
              expect(applyTransfer(book, posted.id, s.request)).toEqual({ ok: true, transfer: record });
              sent.push({ ...s, stored: record });
            }
          }
          const stored = await stateOf(all);
          for (const id of all) expect(stored.get(id)).toMatchObject(book.accounts.get(id)!);
          expect(await ledgerInvariantViolations(db())).toEqual([]);
        }
      }),
      { numRuns: Number(process.env.LEDGER_MODEL_RUNS ?? 25), examples: [[EVERY_OUTCOME]] },
    );
    // The runs met what they are meant to: posts, replays, and each kind of refusal.
    for (const seen of ["posted", "posted_with_replays", "exceeds_credits", "idempotency_conflict", "pending_already_resolved"]) {
      expect(outcomes.get(seen) ?? 0, `${seen} in ${JSON.stringify([...outcomes])}`).toBeGreaterThan(0);
    }
  });
});
