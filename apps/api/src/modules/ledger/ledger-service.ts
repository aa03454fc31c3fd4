import { schema, type Db } from "@pinjaman/db";
import {
  LEDGER_ACCOUNT_KINDS,
  deltaOf,
  flagsOf,
  resolvesPending,
  type LedgerAccountKind,
  type LedgerOwnerRef,
  type TotalsDelta,
  type TransferCode,
  type TransferMode,
  type TransferRefusalCode,
  type TransferRequest,
} from "@pinjaman/domain/ledger";
import { and, eq, inArray, isNull, not, or, sql } from "drizzle-orm";

const { ledgerAccounts, ledgerTransfers } = schema;

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

/** Who a ledger account belongs to; which references a kind needs is in LEDGER_ACCOUNT_KINDS. */
export type LedgerOwner = { customerId?: string; accountId?: string; investmentId?: string; virtualAccount?: string };

/** One transfer to post: the movement, why (code), when (business date), its key and cause. */
export type TransferInput = TransferRequest & {
  /** A UUID the caller chooses (TigerBeetle's client-defined id), so a later transfer of the same batch can name it; generated when omitted. */
  id?: string;
  /** Unique per movement and stable across retries, e.g. `deposit:<request key>`, `reservation:<investment id>`. */
  idempotencyKey: string;
  code: TransferCode;
  /** YYYY-MM-DD of the business clock. Kept from the first write; not compared on a retry. */
  businessDate: string;
  reference?: string | null;
};

export type PostedTransfer = {
  id: string;
  idempotencyKey: string;
  mode: TransferMode;
  code: TransferCode;
  debitAccountId: string;
  creditAccountId: string;
  amount: number;
  pendingId: string | null;
  businessDate: string;
  reference: string | null;
  createdAt: Date;
  /** True when the key was already stored with the same content: nothing was posted this time. */
  replayed: boolean;
};

export type LedgerRefusalCode = TransferRefusalCode | "idempotency_conflict";

/** A refused batch: nothing of it was stored. `index` is the refused transfer's place in the batch. */
export class LedgerRefusal extends Error {
  constructor(
    readonly code: LedgerRefusalCode,
    readonly index: number,
    readonly idempotencyKey: string,
  ) {
    super(`ledger transfer ${index} (${idempotencyKey}) refused: ${code}`);
    this.name = "LedgerRefusal";
  }
}

const OWNER_COLUMNS = {
  customerId: ledgerAccounts.customerId,
  accountId: ledgerAccounts.accountId,
  investmentId: ledgerAccounts.investmentId,
  virtualAccount: ledgerAccounts.virtualAccount,
} as const;

function checkOwner(kind: LedgerAccountKind, owner: LedgerOwner): void {
  const rule: { required: readonly LedgerOwnerRef[]; optional?: readonly LedgerOwnerRef[] } = LEDGER_ACCOUNT_KINDS[kind].owners;
  for (const ref of Object.keys(OWNER_COLUMNS) as LedgerOwnerRef[]) {
    const given = owner[ref] !== undefined;
    if (rule.required.includes(ref) && !given) throw new Error(`a ${kind} ledger account needs ${ref}`);
    if (given && !rule.required.includes(ref) && !rule.optional?.includes(ref)) throw new Error(`a ${kind} ledger account takes no ${ref}`);
  }
}

function ownerIs(kind: LedgerAccountKind, owner: LedgerOwner) {
  return and(
    eq(ledgerAccounts.kind, kind),
    ...(Object.keys(OWNER_COLUMNS) as LedgerOwnerRef[]).map((ref) => {
      const value = owner[ref];
      return value === undefined ? isNull(OWNER_COLUMNS[ref]) : eq(OWNER_COLUMNS[ref], value);
    }),
  );
}

/** The ledger account of this kind and owner, or null when none was opened. */
export async function findLedgerAccount(db: Db, kind: LedgerAccountKind, owner: LedgerOwner = {}): Promise<LedgerAccount | null> {
  checkOwner(kind, owner);
  const [row] = await db.select().from(ledgerAccounts).where(ownerIs(kind, owner)).limit(1);
  return row ?? null;
}

/**
 * The ledger account of this kind and owner, opened with the kind's balance limits if none
 * exists yet: idempotent, and safe when two requests open it at once (the owner is unique).
 */
export async function openLedgerAccount(db: Db, kind: LedgerAccountKind, owner: LedgerOwner = {}): Promise<LedgerAccount> {
  checkOwner(kind, owner);
  const [created] = await db
    .insert(ledgerAccounts)
    .values({ kind, ...owner, ...flagsOf(kind) })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findLedgerAccount(db, kind, owner);
  if (!existing) throw new Error(`ledger account ${kind} neither created nor found`);
  return existing;
}

type StoredTransfer = typeof ledgerTransfers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The transfer stored under this idempotency key, or null. */
export async function findTransfer(db: Db, idempotencyKey: string): Promise<StoredTransfer | null> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey)).limit(1);
  return row ?? null;
}

/** A transfer's movement once its pending transfer (if any) is known. */
type Resolved = { mode: TransferMode; debitAccountId: string; creditAccountId: string; amount: number; pendingId: string | null; delta: TotalsDelta };

function validAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}

function resolve(input: TransferInput, index: number, pendings: Map<string, StoredTransfer>): Resolved {
  const refuse = (code: LedgerRefusalCode) => new LedgerRefusal(code, index, input.idempotencyKey);
  if (!resolvesPending(input)) {
    if (!validAmount(input.amount)) throw refuse("invalid_amount");
    if (input.debitAccountId === input.creditAccountId) throw refuse("same_account");
    const { mode, debitAccountId, creditAccountId, amount } = input;
    return { mode, debitAccountId, creditAccountId, amount, pendingId: null, delta: deltaOf(mode, amount) };
  }
  const pending = pendings.get(input.pendingId);
  if (!pending) throw refuse("pending_not_found");
  if (pending.mode !== "pending") throw refuse("not_pending");
  const amount = input.mode === "post_pending" ? (input.amount ?? pending.amount) : pending.amount;
  if (!validAmount(amount)) throw refuse("invalid_amount");
  if (amount > pending.amount) throw refuse("exceeds_pending_amount");
  return {
    mode: input.mode,
    debitAccountId: pending.debitAccountId,
    creditAccountId: pending.creditAccountId,
    amount,
    pendingId: pending.id,
    delta: deltaOf(input.mode, amount, pending.amount),
  };
}

function sameContent(stored: StoredTransfer, input: TransferInput, resolved: Resolved): boolean {
  return (
    (input.id === undefined || stored.id === input.id) &&
    stored.mode === resolved.mode &&
    stored.code === input.code &&
    stored.debitAccountId === resolved.debitAccountId &&
    stored.creditAccountId === resolved.creditAccountId &&
    stored.amount === resolved.amount &&
    stored.pendingId === resolved.pendingId &&
    stored.reference === (input.reference ?? null)
  );
}

/**
 * Adds `delta` to one side of an account in one conditional statement: the balance limit is
 * checked by the UPDATE's WHERE on the row it writes (after waiting for any concurrent writer),
 * so no read-then-write race exists. False when the limit refuses it.
 */
async function applySide(tx: Db, side: "debit" | "credit", accountId: string, delta: TotalsDelta): Promise<boolean> {
  const posted = side === "debit" ? ledgerAccounts.debitsPosted : ledgerAccounts.creditsPosted;
  const pending = side === "debit" ? ledgerAccounts.debitsPending : ledgerAccounts.creditsPending;
  const limit = side === "debit" ? ledgerAccounts.debitsMustNotExceedCredits : ledgerAccounts.creditsMustNotExceedDebits;
  const other = side === "debit" ? ledgerAccounts.creditsPosted : ledgerAccounts.debitsPosted;
  const rows = await tx
    .update(ledgerAccounts)
    .set(side === "debit"
      ? { debitsPosted: sql`${posted} + ${delta.posted}::bigint`, debitsPending: sql`${pending} + ${delta.pending}::bigint` }
      : { creditsPosted: sql`${posted} + ${delta.posted}::bigint`, creditsPending: sql`${pending} + ${delta.pending}::bigint` })
    .where(and(eq(ledgerAccounts.id, accountId), or(not(limit), sql`${posted} + ${pending} + ${delta.posted}::bigint + ${delta.pending}::bigint <= ${other}`)))
    .returning({ id: ledgerAccounts.id });
  return rows.length === 1;
}

function posted(row: StoredTransfer, replayed: boolean): PostedTransfer {
  return { ...row, replayed };
}

/**
 * Posts a batch of transfers atomically: all of them or none (a LedgerRefusal names the first
 * refused one; nothing of the batch is stored). Inside a caller's transaction it is a savepoint,
 * so the caller may catch the refusal and go on. A transfer whose key is already stored with the
 * same content is returned as it was (`replayed`) and posts nothing; with other content the batch
 * is refused (`idempotency_conflict`). Accounts are locked in id order first, so batches touching
 * the same accounts never deadlock; the balance limits are checked in the UPDATE that posts.
 */
export async function createTransfers(db: Db, inputs: readonly TransferInput[]): Promise<PostedTransfer[]> {
  if (inputs.length === 0) return [];
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const pendingIds = inputs.flatMap((i) => (resolvesPending(i) ? [i.pendingId] : []));
    const pendings = new Map<string, StoredTransfer>();
    const validIds = pendingIds.filter((id) => UUID.test(id));
    if (validIds.length) for (const row of await tx.select().from(ledgerTransfers).where(inArray(ledgerTransfers.id, validIds))) pendings.set(row.id, row);

    const accountIds = new Set<string>();
    for (const input of inputs) {
      if (!resolvesPending(input)) accountIds.add(input.debitAccountId).add(input.creditAccountId);
      else {
        const pending = pendings.get(input.pendingId);
        if (pending) accountIds.add(pending.debitAccountId).add(pending.creditAccountId);
      }
    }
    const lockable = [...accountIds].filter((id) => UUID.test(id)).sort();
    const locked = lockable.length
      ? await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, lockable)).orderBy(ledgerAccounts.id).for("update")
      : [];
    const present = new Set(locked.map((r) => r.id));

    const results: PostedTransfer[] = [];
    for (const [index, input] of inputs.entries()) {
      const refuse = (code: LedgerRefusalCode) => new LedgerRefusal(code, index, input.idempotencyKey);
      // A post or void of a pending transfer made earlier in this batch.
      if (resolvesPending(input) && !pendings.has(input.pendingId)) {
        const earlier = results.find((r) => r.id === input.pendingId);
        if (earlier) pendings.set(earlier.id, earlier);
      }
      if (input.id !== undefined && !UUID.test(input.id)) throw new Error(`transfer id ${input.id} is no UUID`);
      const resolved = resolve(input, index, pendings);
      if (!present.has(resolved.debitAccountId) || !present.has(resolved.creditAccountId)) throw refuse("account_not_found");
      const [row] = await tx
        .insert(ledgerTransfers)
        .values({
          ...(input.id ? { id: input.id } : {}),
          idempotencyKey: input.idempotencyKey,
          mode: resolved.mode,
          code: input.code,
          debitAccountId: resolved.debitAccountId,
          creditAccountId: resolved.creditAccountId,
          amount: resolved.amount,
          pendingId: resolved.pendingId,
          businessDate: input.businessDate,
          reference: input.reference ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        const existing = await findTransfer(tx, input.idempotencyKey);
        if (!existing) throw refuse("pending_already_resolved");
        if (!sameContent(existing, input, resolved)) throw refuse("idempotency_conflict");
        results.push(posted(existing, true));
        continue;
      }
      if (!(await applySide(tx, "debit", resolved.debitAccountId, resolved.delta))) throw refuse("exceeds_credits");
      if (!(await applySide(tx, "credit", resolved.creditAccountId, resolved.delta))) throw refuse("exceeds_debits");
      results.push(posted(row, false));
    }
    return results;
  });
}
