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
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { databaseError } from "../../plugins/database-errors.ts";

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
const OWNER_REFS = Object.keys(OWNER_COLUMNS) as LedgerOwnerRef[];

function checkOwner(kind: LedgerAccountKind, owner: LedgerOwner): void {
  const rule: { required: readonly LedgerOwnerRef[]; optional?: readonly LedgerOwnerRef[] } = LEDGER_ACCOUNT_KINDS[kind].owners;
  for (const ref of OWNER_REFS) {
    const given = owner[ref] !== undefined;
    if (rule.required.includes(ref) && !given) throw new Error(`a ${kind} ledger account needs ${ref}`);
    if (given && !rule.required.includes(ref) && !rule.optional?.includes(ref)) throw new Error(`a ${kind} ledger account takes no ${ref}`);
  }
}

function ownerIs(kind: LedgerAccountKind, owner: LedgerOwner) {
  return and(
    eq(ledgerAccounts.kind, kind),
    ...OWNER_REFS.map((ref) => {
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

/** A ledger account wanted: its kind and owner. */
export type LedgerAccountSpec = { kind: LedgerAccountKind; owner?: LedgerOwner };

const keyOf = (kind: LedgerAccountKind, owner: LedgerOwner | LedgerAccount) => [kind, ...OWNER_REFS.map((ref) => owner[ref] ?? "")].join("|");

/**
 * The ledger accounts of these kinds and owners, in the order asked, each opened with its kind's
 * balance limits if none exists yet: one query when they all exist. Idempotent, and safe when two
 * requests open one at once (the owner is unique: the loser of the race finds the winner's).
 */
export async function openLedgerAccounts<const S extends readonly LedgerAccountSpec[]>(db: Db, specs: S): Promise<{ [K in keyof S]: LedgerAccount }> {
  for (const spec of specs) checkOwner(spec.kind, spec.owner ?? {});
  const wanted = new Map(specs.map((s) => [keyOf(s.kind, s.owner ?? {}), s]));
  const rows = new Map<string, LedgerAccount>();
  const keep = (found: LedgerAccount[]) => found.forEach((r) => rows.set(keyOf(r.kind, r), r));
  const find = async (specsToFind: LedgerAccountSpec[]) => {
    if (specsToFind.length) keep(await db.select().from(ledgerAccounts).where(or(...specsToFind.map((s) => ownerIs(s.kind, s.owner ?? {})))));
  };
  const missing = () => [...wanted].filter(([key]) => !rows.has(key)).map(([, spec]) => spec);
  await find([...wanted.values()]);
  const toOpen = missing();
  if (toOpen.length) {
    keep(await db.insert(ledgerAccounts).values(toOpen.map((s) => ({ kind: s.kind, ...s.owner, ...flagsOf(s.kind) }))).onConflictDoNothing().returning());
    await find(missing());
  }
  return specs.map((spec) => {
    const row = rows.get(keyOf(spec.kind, spec.owner ?? {}));
    if (!row) throw new Error(`ledger account ${spec.kind} neither created nor found`);
    return row;
  }) as { [K in keyof S]: LedgerAccount };
}

/** One ledger account of this kind and owner (openLedgerAccounts). */
export async function openLedgerAccount(db: Db, kind: LedgerAccountKind, owner: LedgerOwner = {}): Promise<LedgerAccount> {
  const [account] = await openLedgerAccounts(db, [{ kind, owner }]);
  return account;
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

/** The SQLSTATE ledger_post_transfer raises when a balance limit refuses; its message is the refusal code. */
const LIMIT_REFUSED = "PJ001";

/**
 * Posts one resolved transfer through the database function `ledger_post_transfer` (migration
 * 0014, decision 0019), the one place that inserts a transfer and adds it to both sides' totals,
 * each side in one conditional UPDATE whose WHERE holds the balance limit (checked on the row it
 * writes, after waiting for any concurrent writer, so no read-then-write race exists); the
 * investment's SQL function posts its reservation through it too. Answers the stored transfer,
 * or null when the key (or the pending transfer's resolution) is stored already; a refused limit
 * throws the LedgerRefusal (the database statement failed, nothing of it stays).
 */
async function postTransfer(tx: Db, input: TransferInput, resolved: Resolved, refuse: (code: LedgerRefusalCode) => LedgerRefusal): Promise<StoredTransfer | null> {
  const result = (await tx
    .execute(
      sql`select transfer_id, transfer_created_at from ledger_post_transfer(${input.id ?? null}::uuid, ${input.idempotencyKey}, ${resolved.mode}, ${input.code},
        ${resolved.debitAccountId}::uuid, ${resolved.creditAccountId}::uuid, ${resolved.amount}::bigint, ${resolved.pendingId}::uuid,
        ${input.businessDate}::date, ${input.reference ?? null}, ${resolved.delta.posted}::bigint, ${resolved.delta.pending}::bigint)`,
    )
    .catch((error: unknown) => {
      const refused = databaseError(error, LIMIT_REFUSED);
      if (refused?.message === "exceeds_credits" || refused?.message === "exceeds_debits") throw refuse(refused.message);
      throw error;
    })) as unknown as { rows: { transfer_id: string; transfer_created_at: Date | string }[] };
  const row = result.rows[0];
  if (!row) return null;
  const { mode, debitAccountId, creditAccountId, amount, pendingId } = resolved;
  return {
    id: row.transfer_id,
    idempotencyKey: input.idempotencyKey,
    mode,
    code: input.code,
    debitAccountId,
    creditAccountId,
    amount,
    pendingId,
    businessDate: input.businessDate,
    reference: input.reference ?? null,
    createdAt: new Date(row.transfer_created_at),
  };
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
 * the same accounts never deadlock; each transfer is then one statement (`postTransfer`), whose
 * UPDATEs check the balance limits.
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
      const row = await postTransfer(tx, input, resolved, refuse);
      if (!row) {
        const existing = await findTransfer(tx, input.idempotencyKey);
        if (!existing) throw refuse("pending_already_resolved");
        if (!sameContent(existing, input, resolved)) throw refuse("idempotency_conflict");
        results.push(posted(existing, true));
        continue;
      }
      results.push(posted(row, false));
    }
    return results;
  });
}
