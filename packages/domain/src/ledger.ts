/**
 * The double-entry ledger's rules (decision 0009), pure: what an account's balance is, whether a
 * transfer may post, and the invariants every state of the books must satisfy. The API's ledger
 * service applies the same rules in SQL; tests replay them here to check the database.
 *
 * Amounts are integer rupiah (safe integers). An account carries four totals, as TigerBeetle's
 * do: debits/credits posted and debits/credits pending. Balances are derived, never stored.
 */

/** The side that increases an account's balance. */
export type NormalSide = "debit" | "credit";

/** Which owner references a kind of ledger account needs (the others stay null). */
export type LedgerOwnerRef = "customerId" | "accountId" | "investmentId" | "virtualAccount";

type KindRule = {
  normal: NormalSide;
  /** TigerBeetle's debits_must_not_exceed_credits: debits posted + pending + amount ≤ credits posted. */
  debitsMustNotExceedCredits: boolean;
  /** TigerBeetle's credits_must_not_exceed_debits: credits posted + pending + amount ≤ debits posted. */
  creditsMustNotExceedDebits: boolean;
  owners: { required: readonly LedgerOwnerRef[]; optional?: readonly LedgerOwnerRef[] };
};

/**
 * Every kind of ledger account the platform keeps, with its normal side, balance limits and
 * owners. The platform's books hold lenders' and borrowers' money in one bank escrow account.
 */
export const LEDGER_ACCOUNT_KINDS = {
  /** Cash in the escrow bank account (asset): never below zero. */
  bank_escrow: { normal: "debit", debitsMustNotExceedCredits: false, creditsMustNotExceedDebits: true, owners: { required: [] } },
  /**
   * One lender's funds held for them (liability), one per investment account. Available = posted
   * balance minus pending debits; the pending debits are the lender's reserved funds.
   */
  lender_funds: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: ["customerId", "accountId"] } },
  /**
   * One lender's share of one loan (an investment): the principal the loan owes that lender.
   * `accountId` is the loan account, `customerId` the lender.
   */
  lender_investment: {
    normal: "credit",
    debitsMustNotExceedCredits: true,
    creditsMustNotExceedDebits: false,
    owners: { required: ["customerId", "accountId", "investmentId"] },
  },
  /** The principal a loan's borrower owes (asset); `accountId` the loan account. Never overpaid. */
  loan_receivable: { normal: "debit", debitsMustNotExceedCredits: false, creditsMustNotExceedDebits: true, owners: { required: ["customerId", "accountId"] } },
  /** A borrower's payments received and not yet allocated, per loan and optionally per virtual account. */
  borrower_clearing: {
    normal: "credit",
    debitsMustNotExceedCredits: true,
    creditsMustNotExceedDebits: false,
    owners: { required: ["customerId", "accountId"], optional: ["virtualAccount"] },
  },
  /** A borrower's overpayment kept as credit for the next instalment (liability). */
  borrower_credit: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: ["customerId", "accountId"] } },
  /** The platform's fee income. */
  platform_fees: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: [] } },
  /** Late fees charged to borrowers (income until shared out). */
  late_fees: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: [] } },
  /** Principal written off (expense); `accountId` the loan written off. */
  write_offs: { normal: "debit", debitsMustNotExceedCredits: false, creditsMustNotExceedDebits: true, owners: { required: ["accountId"] } },
  /** Tax withheld from lenders' interest (PPh 23/26), owed to the state. */
  tax_withheld: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: [] } },
  /**
   * What the platform holds for the insurer (decision 0024): premiums taken from insured lenders'
   * interest and recoveries on claimed shares, until remitted. A claim's cash passes through it
   * (bank_escrow → insurer → lender_funds), so it never goes below zero.
   */
  insurer: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: [] } },
  /**
   * The insurer's share of one loan after a claim (subrogation): the principal the loan still owes
   * on an investment whose lender the insurer has paid. `accountId` the loan account, `investmentId`
   * the investment claimed. Counted with the lenders' shares against the loan's receivable.
   */
  insurer_investment: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: ["accountId", "investmentId"] } },
  /** Payments that match no virtual account or amount, parked for reconciliation. */
  payment_suspense: { normal: "credit", debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, owners: { required: [] } },
} as const satisfies Record<string, KindRule>;

export type LedgerAccountKind = keyof typeof LEDGER_ACCOUNT_KINDS;
export const LEDGER_ACCOUNT_KIND_KEYS = Object.keys(LEDGER_ACCOUNT_KINDS) as [LedgerAccountKind, ...LedgerAccountKind[]];

/** Why money moved (TigerBeetle's `code`); a new movement adds a code here. */
export const TRANSFER_CODES = [
  "deposit",
  "withdrawal",
  "reservation",
  "disbursal",
  "upfront_fee",
  "repayment",
  /** A borrower's payment arriving on the loan's clearing account (decision 0016). */
  "payment_received",
  /** The borrower's earlier credit taken back to pay invoices (decision 0016). */
  "credit_used",
  "principal_share",
  "interest_share",
  "late_fee",
  "platform_fee",
  "tax_withholding",
  /** An insured investment's premium, from the lender's interest to the insurer (decision 0024). */
  "insurance_premium",
  /** A claim paid: the insurer's cash arriving, and passed on to the insured lender. */
  "insurance_claim",
  /** A claimed share passing from the lender to the insurer. */
  "insurance_subrogation",
  /** A month's premiums and recoveries paid over to the insurer (decision 0024). */
  "insurer_remittance",
  "overpayment",
  /** A closed loan's credit moved to the borrower's other active loan, to pay its next invoice (decision 0016). */
  "credit_transferred",
  "write_off",
  "payment_parked",
  /** A parked payment matched to a loan by an operator: payment_suspense → the loan's clearing account (decision 0033). */
  "payment_reconciled",
  /** A parked payment paid back to its payer by the bank: payment_suspense → bank_escrow (decision 0033). */
  "payment_refunded",
  "correction",
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

/**
 * single_phase posts at once; pending reserves; post_pending and void_pending resolve one pending
 * transfer, each as a new row referencing it (nothing is ever updated).
 */
export const TRANSFER_MODES = ["single_phase", "pending", "post_pending", "void_pending"] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number];

export type AccountTotals = { debitsPosted: number; creditsPosted: number; debitsPending: number; creditsPending: number };
export const ZERO_TOTALS: AccountTotals = Object.freeze({ debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 });

export type LedgerFlags = { debitsMustNotExceedCredits: boolean; creditsMustNotExceedDebits: boolean };

export type LedgerAccountState = LedgerFlags &
  AccountTotals & {
    id: string;
    kind: LedgerAccountKind;
    /** The platform account it belongs to (the lender's investment account, or the loan). */
    accountId: string | null;
  };

/** A stored transfer as the rules see it. */
export type TransferRecord = {
  id: string;
  mode: TransferMode;
  debitAccountId: string;
  creditAccountId: string;
  amount: number;
  pendingId: string | null;
};

export function flagsOf(kind: LedgerAccountKind): LedgerFlags {
  const rule = LEDGER_ACCOUNT_KINDS[kind];
  return { debitsMustNotExceedCredits: rule.debitsMustNotExceedCredits, creditsMustNotExceedDebits: rule.creditsMustNotExceedDebits };
}

export type Balance = {
  /** Posted, on the normal side: credits − debits for a credit-normal account. */
  posted: number;
  /** Posted minus what pending transfers hold against it (a lender's spendable money). */
  available: number;
  /** Pending on the opposite side: reserved, leaving when posted (a lender's reserved funds). */
  pendingOut: number;
  /** Pending on the normal side: arriving when posted. */
  pendingIn: number;
};

export function balanceOf(kind: LedgerAccountKind, totals: AccountTotals): Balance {
  const credit = LEDGER_ACCOUNT_KINDS[kind].normal === "credit";
  const posted = credit ? totals.creditsPosted - totals.debitsPosted : totals.debitsPosted - totals.creditsPosted;
  const pendingOut = credit ? totals.debitsPending : totals.creditsPending;
  const pendingIn = credit ? totals.creditsPending : totals.debitsPending;
  return { posted, available: posted - pendingOut, pendingOut, pendingIn };
}

export type TransferRefusalCode =
  | "invalid_amount"
  | "same_account"
  | "account_not_found"
  | "exceeds_credits"
  | "exceeds_debits"
  | "pending_not_found"
  | "not_pending"
  | "pending_already_resolved"
  | "exceeds_pending_amount";

/** What a transfer adds to its debit account's and its credit account's totals (negative to release pending). */
export type TotalsDelta = { posted: number; pending: number };

/**
 * Whether the debit side may take `delta` (TigerBeetle's order: the debit account's limit first).
 * Pending amounts count against the limit, so a reservation cannot be spent twice.
 */
export function debitRefusal(account: LedgerFlags & AccountTotals, delta: TotalsDelta): TransferRefusalCode | null {
  if (!account.debitsMustNotExceedCredits) return null;
  return account.debitsPosted + account.debitsPending + delta.posted + delta.pending > account.creditsPosted ? "exceeds_credits" : null;
}

export function creditRefusal(account: LedgerFlags & AccountTotals, delta: TotalsDelta): TransferRefusalCode | null {
  if (!account.creditsMustNotExceedDebits) return null;
  return account.creditsPosted + account.creditsPending + delta.posted + delta.pending > account.debitsPosted ? "exceeds_debits" : null;
}

/** The change a transfer makes to each side: the same for both sides, posted and pending. */
export function deltaOf(mode: TransferMode, amount: number, pendingAmount = 0): TotalsDelta {
  switch (mode) {
    case "single_phase":
      return { posted: amount, pending: 0 };
    case "pending":
      return { posted: 0, pending: amount };
    case "post_pending":
      // The whole reservation is released; the posted part (≤ it) moves, the rest returns.
      return { posted: amount, pending: -pendingAmount };
    case "void_pending":
      return { posted: 0, pending: -pendingAmount };
  }
}

export function applyDebit(totals: AccountTotals, delta: TotalsDelta): AccountTotals {
  return { ...totals, debitsPosted: totals.debitsPosted + delta.posted, debitsPending: totals.debitsPending + delta.pending };
}

export function applyCredit(totals: AccountTotals, delta: TotalsDelta): AccountTotals {
  return { ...totals, creditsPosted: totals.creditsPosted + delta.posted, creditsPending: totals.creditsPending + delta.pending };
}

/** A transfer as a caller asks for it (the service's input, without the stored fields). */
export type TransferRequest =
  | { mode: "single_phase" | "pending"; debitAccountId: string; creditAccountId: string; amount: number }
  /** amount: what to post, at most the pending amount; omitted, the whole pending amount. */
  | { mode: "post_pending"; pendingId: string; amount?: number }
  | { mode: "void_pending"; pendingId: string };

export type PendingResolution = Extract<TransferRequest, { pendingId: string }>;

/** Whether the request posts or voids a pending transfer. */
export function resolvesPending(request: TransferRequest): request is PendingResolution {
  return request.mode === "post_pending" || request.mode === "void_pending";
}

/** The books in memory: accounts by id and transfers in order (a model for tests and checks). */
export type LedgerBook = { accounts: Map<string, LedgerAccountState>; transfers: TransferRecord[] };

export type ApplyResult = { ok: true; transfer: TransferRecord } | { ok: false; refusal: TransferRefusalCode };

/**
 * Applies one transfer to the book in place, or refuses it and changes nothing: the semantics the
 * ledger service implements in SQL, with its refusals in the same order.
 */
export function applyTransfer(book: LedgerBook, id: string, request: TransferRequest): ApplyResult {
  let record: TransferRecord;
  let pendingAmount = 0;
  if (!resolvesPending(request)) {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) return { ok: false, refusal: "invalid_amount" };
    if (request.debitAccountId === request.creditAccountId) return { ok: false, refusal: "same_account" };
    record = { id, mode: request.mode, debitAccountId: request.debitAccountId, creditAccountId: request.creditAccountId, amount: request.amount, pendingId: null };
  } else {
    const pending = book.transfers.find((t) => t.id === request.pendingId);
    if (!pending) return { ok: false, refusal: "pending_not_found" };
    if (pending.mode !== "pending") return { ok: false, refusal: "not_pending" };
    pendingAmount = pending.amount;
    const amount = request.mode === "post_pending" ? (request.amount ?? pending.amount) : pending.amount;
    if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, refusal: "invalid_amount" };
    if (amount > pending.amount) return { ok: false, refusal: "exceeds_pending_amount" };
    record = { id, mode: request.mode, debitAccountId: pending.debitAccountId, creditAccountId: pending.creditAccountId, amount, pendingId: pending.id };
  }
  const debit = book.accounts.get(record.debitAccountId);
  const credit = book.accounts.get(record.creditAccountId);
  if (!debit || !credit) return { ok: false, refusal: "account_not_found" };
  const pendingId = record.pendingId;
  if (pendingId && book.transfers.some((t) => t.pendingId === pendingId)) return { ok: false, refusal: "pending_already_resolved" };
  const delta = deltaOf(record.mode, record.amount, pendingAmount);
  const refusal = debitRefusal(debit, delta) ?? creditRefusal(credit, delta);
  if (refusal) return { ok: false, refusal };
  book.accounts.set(debit.id, { ...debit, ...applyDebit(debit, delta) });
  book.accounts.set(credit.id, { ...credit, ...applyCredit(credit, delta) });
  book.transfers.push(record);
  return { ok: true, transfer: record };
}

/** Every account's four totals recomputed from the transfers alone. */
export function totalsFromTransfers(transfers: readonly TransferRecord[]): Map<string, AccountTotals> {
  const byId = new Map(transfers.map((t) => [t.id, t]));
  const totals = new Map<string, AccountTotals>();
  const get = (id: string) => totals.get(id) ?? ZERO_TOTALS;
  for (const t of transfers) {
    const pendingAmount = t.pendingId ? (byId.get(t.pendingId)?.amount ?? 0) : 0;
    const delta = deltaOf(t.mode, t.amount, pendingAmount);
    totals.set(t.debitAccountId, applyDebit(get(t.debitAccountId), delta));
    totals.set(t.creditAccountId, applyCredit(get(t.creditAccountId), delta));
  }
  return totals;
}

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

/**
 * The ledger's invariants; each violation described in one line (none: the books are sound).
 * - every debit has its credit: the debits and credits of all accounts are equal, posted and pending;
 * - each account's totals are exactly the sum of its transfers;
 * - transfers are positive, between two accounts, and a pending one resolves at most once, for at most its amount;
 * - no account breaks its balance limit (no lender's available funds below zero);
 * - each loan's receivable equals the sum of its lenders' shares (the insurer's among them after a claim).
 */
export function ledgerViolations(accounts: readonly LedgerAccountState[], transfers: readonly TransferRecord[]): string[] {
  const violations: string[] = [];
  for (const key of ["debitsPosted", "debitsPending"] as const) {
    const other = key === "debitsPosted" ? "creditsPosted" : "creditsPending";
    const debits = sum(accounts.map((a) => a[key]));
    const credits = sum(accounts.map((a) => a[other]));
    if (debits !== credits) violations.push(`${key} of all accounts ${debits} ≠ ${other} ${credits}`);
  }
  const byId = new Map(transfers.map((t) => [t.id, t]));
  const resolved = new Set<string>();
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0) violations.push(`transfer ${t.id} has amount ${t.amount}`);
    if (t.debitAccountId === t.creditAccountId) violations.push(`transfer ${t.id} debits and credits one account`);
    if (t.pendingId) {
      const pending = byId.get(t.pendingId);
      if (!pending || pending.mode !== "pending") violations.push(`transfer ${t.id} resolves ${t.pendingId}, no pending transfer`);
      else if (t.amount > pending.amount) violations.push(`transfer ${t.id} posts ${t.amount} of pending ${pending.amount}`);
      if (resolved.has(t.pendingId)) violations.push(`pending transfer ${t.pendingId} resolved twice`);
      resolved.add(t.pendingId);
    }
  }
  const replayed = totalsFromTransfers(transfers);
  for (const account of accounts) {
    const expected = replayed.get(account.id) ?? ZERO_TOTALS;
    for (const key of ["debitsPosted", "creditsPosted", "debitsPending", "creditsPending"] as const) {
      if (account[key] !== expected[key]) violations.push(`account ${account.id} (${account.kind}) ${key} ${account[key]}, its transfers sum to ${expected[key]}`);
    }
    if (debitRefusal(account, { posted: 0, pending: 0 })) violations.push(`account ${account.id} (${account.kind}) debits exceed credits`);
    if (creditRefusal(account, { posted: 0, pending: 0 })) violations.push(`account ${account.id} (${account.kind}) credits exceed debits`);
    if (account.kind === "lender_funds" && balanceOf("lender_funds", account).available < 0) {
      violations.push(`lender funds ${account.id} available ${balanceOf("lender_funds", account).available}`);
    }
  }
  const known = new Set(accounts.map((a) => a.id));
  for (const id of replayed.keys()) if (!known.has(id)) violations.push(`transfers name unknown account ${id}`);
  const receivables = new Map<string, number>();
  const shares = new Map<string, number>();
  for (const account of accounts) {
    if (!account.accountId) continue;
    if (account.kind === "loan_receivable") receivables.set(account.accountId, (receivables.get(account.accountId) ?? 0) + balanceOf(account.kind, account).posted);
    if (account.kind === "lender_investment" || account.kind === "insurer_investment") shares.set(account.accountId, (shares.get(account.accountId) ?? 0) + balanceOf(account.kind, account).posted);
  }
  for (const loan of new Set([...receivables.keys(), ...shares.keys()])) {
    const receivable = receivables.get(loan) ?? 0;
    const share = shares.get(loan) ?? 0;
    if (receivable !== share) violations.push(`loan ${loan} receivable ${receivable} ≠ its lenders' shares ${share}`);
  }
  return violations;
}
