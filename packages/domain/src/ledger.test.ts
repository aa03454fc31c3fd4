import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ZERO_TOTALS,
  applyTransfer,
  balanceOf,
  creditRefusal,
  debitRefusal,
  flagsOf,
  ledgerViolations,
  totalsFromTransfers,
  type LedgerAccountKind,
  type LedgerAccountState,
  type LedgerBook,
  type TransferRequest,
} from "./ledger.ts";

function account(id: string, kind: LedgerAccountKind, totals: Partial<typeof ZERO_TOTALS> = {}, accountId: string | null = null): LedgerAccountState {
  return { id, kind, accountId, ...flagsOf(kind), ...ZERO_TOTALS, ...totals };
}

function bookOf(...accounts: LedgerAccountState[]): LedgerBook {
  return { accounts: new Map(accounts.map((a) => [a.id, a])), transfers: [] };
}

describe("balances", () => {
  it("of a credit-normal lender account: posted credits minus debits, reserved = pending debits", () => {
    const totals = { debitsPosted: 300_000, creditsPosted: 1_000_000, debitsPending: 200_000, creditsPending: 50_000 };
    expect(balanceOf("lender_funds", totals)).toEqual({ posted: 700_000, available: 500_000, pendingOut: 200_000, pendingIn: 50_000 });
  });

  it("of a debit-normal escrow account: posted debits minus credits, pending credits held", () => {
    const totals = { debitsPosted: 5_000_000, creditsPosted: 1_000_000, debitsPending: 10_000, creditsPending: 400_000 };
    expect(balanceOf("bank_escrow", totals)).toEqual({ posted: 4_000_000, available: 3_600_000, pendingOut: 400_000, pendingIn: 10_000 });
  });

  it("beyond 32 bits: an institutional lender's 25 billion rupiah", () => {
    expect(balanceOf("lender_funds", { ...ZERO_TOTALS, creditsPosted: 25_000_000_000 }).available).toBe(25_000_000_000);
  });
});

describe("balance limits", () => {
  const funds = account("f", "lender_funds", { creditsPosted: 1_000_000, debitsPosted: 400_000, debitsPending: 100_000 });

  it("let a lender spend exactly what is available, pending reservations included", () => {
    expect(debitRefusal(funds, { posted: 500_000, pending: 0 })).toBeNull();
    expect(debitRefusal(funds, { posted: 0, pending: 500_000 })).toBeNull();
    expect(debitRefusal(funds, { posted: 500_001, pending: 0 })).toBe("exceeds_credits");
    expect(debitRefusal(funds, { posted: 0, pending: 500_001 })).toBe("exceeds_credits");
  });

  it("never limit the side an account's flags do not name", () => {
    expect(creditRefusal(funds, { posted: 10 ** 15, pending: 0 })).toBeNull();
    expect(debitRefusal(account("p", "platform_fees", {}), { posted: 1, pending: 0 })).toBe("exceeds_credits");
    expect(debitRefusal(account("w", "write_offs", {}), { posted: 1, pending: 0 })).toBeNull();
  });

  it("keep the escrow's cash from going below zero", () => {
    const escrow = account("e", "bank_escrow", { debitsPosted: 1_000 });
    expect(creditRefusal(escrow, { posted: 1_000, pending: 0 })).toBeNull();
    expect(creditRefusal(escrow, { posted: 1_001, pending: 0 })).toBe("exceeds_debits");
  });
});

describe("two-phase transfers", () => {
  const fresh = () => bookOf(account("escrow", "bank_escrow"), account("funds", "lender_funds"), account("share", "lender_investment", {}, "loan"));

  it("reserve, then post part: the rest returns to the lender", () => {
    const book = fresh();
    expect(applyTransfer(book, "t1", { mode: "single_phase", debitAccountId: "escrow", creditAccountId: "funds", amount: 1_000_000 }).ok).toBe(true);
    expect(applyTransfer(book, "t2", { mode: "pending", debitAccountId: "funds", creditAccountId: "share", amount: 600_000 }).ok).toBe(true);
    expect(balanceOf("lender_funds", book.accounts.get("funds")!)).toMatchObject({ available: 400_000, pendingOut: 600_000 });
    expect(applyTransfer(book, "t3", { mode: "post_pending", pendingId: "t2", amount: 500_000 })).toMatchObject({ ok: true, transfer: { amount: 500_000, pendingId: "t2" } });
    expect(balanceOf("lender_funds", book.accounts.get("funds")!)).toEqual({ posted: 500_000, available: 500_000, pendingOut: 0, pendingIn: 0 });
    expect(balanceOf("lender_investment", book.accounts.get("share")!).posted).toBe(500_000);
  });

  it("resolve once: a second post, a post after a void, more than reserved, or a non-pending are refused", () => {
    const book = fresh();
    applyTransfer(book, "t1", { mode: "single_phase", debitAccountId: "escrow", creditAccountId: "funds", amount: 1_000 });
    applyTransfer(book, "t2", { mode: "pending", debitAccountId: "funds", creditAccountId: "share", amount: 700 });
    applyTransfer(book, "t3", { mode: "pending", debitAccountId: "funds", creditAccountId: "share", amount: 300 });
    expect(applyTransfer(book, "x", { mode: "post_pending", pendingId: "t2", amount: 701 })).toEqual({ ok: false, refusal: "exceeds_pending_amount" });
    expect(applyTransfer(book, "t4", { mode: "void_pending", pendingId: "t2" }).ok).toBe(true);
    expect(applyTransfer(book, "x", { mode: "post_pending", pendingId: "t2" })).toEqual({ ok: false, refusal: "pending_already_resolved" });
    expect(applyTransfer(book, "t5", { mode: "post_pending", pendingId: "t3" }).ok).toBe(true);
    expect(applyTransfer(book, "x", { mode: "void_pending", pendingId: "t3" })).toEqual({ ok: false, refusal: "pending_already_resolved" });
    expect(applyTransfer(book, "x", { mode: "post_pending", pendingId: "t1" })).toEqual({ ok: false, refusal: "not_pending" });
    expect(applyTransfer(book, "x", { mode: "void_pending", pendingId: "nope" })).toEqual({ ok: false, refusal: "pending_not_found" });
    expect(balanceOf("lender_funds", book.accounts.get("funds")!)).toEqual({ posted: 700, available: 700, pendingOut: 0, pendingIn: 0 });
    // Sound but for the loan: disbursal posts the shares together with the borrower's receivable.
    expect(ledgerViolations([...book.accounts.values()], book.transfers)).toEqual(["loan loan receivable 0 ≠ its lenders' shares 300"]);
  });

  it("refuse amounts that are not positive safe integers, and a transfer to its own account", () => {
    const book = fresh();
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      expect(applyTransfer(book, "x", { mode: "single_phase", debitAccountId: "escrow", creditAccountId: "funds", amount })).toEqual({ ok: false, refusal: "invalid_amount" });
    }
    expect(applyTransfer(book, "x", { mode: "single_phase", debitAccountId: "funds", creditAccountId: "funds", amount: 1 })).toEqual({ ok: false, refusal: "same_account" });
    expect(applyTransfer(book, "x", { mode: "single_phase", debitAccountId: "funds", creditAccountId: "nowhere", amount: 1 })).toEqual({ ok: false, refusal: "account_not_found" });
    expect(book.transfers).toEqual([]);
  });
});

describe("invariants", () => {
  it("find totals that no transfer explains, unbalanced books and a lender below zero", () => {
    const escrow = account("escrow", "bank_escrow", { debitsPosted: 100 });
    const funds = account("funds", "lender_funds", { creditsPosted: 100, debitsPosted: 150 });
    expect(ledgerViolations([escrow, funds], [])).toEqual([
      "debitsPosted of all accounts 250 ≠ creditsPosted 100",
      "account escrow (bank_escrow) debitsPosted 100, its transfers sum to 0",
      "account funds (lender_funds) debitsPosted 150, its transfers sum to 0",
      "account funds (lender_funds) creditsPosted 100, its transfers sum to 0",
      "account funds (lender_funds) debits exceed credits",
      "lender funds funds available -50",
    ]);
  });

  it("find a loan whose receivable differs from its lenders' shares", () => {
    const receivable = account("r", "loan_receivable", { debitsPosted: 1_000 }, "loan-1");
    const share = account("s", "lender_investment", { creditsPosted: 900 }, "loan-1");
    const escrow = account("e", "bank_escrow", { creditsPosted: 1_000, debitsPosted: 1_000 });
    const funds = account("f", "lender_funds", { creditsPosted: 1_000, debitsPosted: 900 });
    const transfers = [
      { id: "1", mode: "single_phase" as const, debitAccountId: "e", creditAccountId: "f", amount: 1_000, pendingId: null },
      { id: "2", mode: "single_phase" as const, debitAccountId: "f", creditAccountId: "s", amount: 900, pendingId: null },
      { id: "3", mode: "single_phase" as const, debitAccountId: "r", creditAccountId: "e", amount: 1_000, pendingId: null },
    ];
    expect(ledgerViolations([receivable, share, escrow, funds], transfers)).toEqual(["loan loan-1 receivable 1000 ≠ its lenders' shares 900"]);
  });

  it("find a pending transfer resolved twice", () => {
    const transfers = [
      { id: "p", mode: "pending" as const, debitAccountId: "a", creditAccountId: "b", amount: 10, pendingId: null },
      { id: "v1", mode: "void_pending" as const, debitAccountId: "a", creditAccountId: "b", amount: 10, pendingId: "p" },
      { id: "v2", mode: "void_pending" as const, debitAccountId: "a", creditAccountId: "b", amount: 10, pendingId: "p" },
    ];
    const totals = totalsFromTransfers(transfers);
    const accounts = [account("a", "lender_funds", totals.get("a")), account("b", "lender_investment", totals.get("b"), "loan")];
    expect(ledgerViolations(accounts, transfers)).toContain("pending transfer p resolved twice");
  });
});

// Random sequences over accounts of every limit: single, pending, post (whole or part) and void.
const IDS = ["escrow", "fundsA", "fundsB", "fees", "writeOffs", "credit"] as const;
const KINDS: Record<(typeof IDS)[number], LedgerAccountKind> = {
  escrow: "bank_escrow",
  fundsA: "lender_funds",
  fundsB: "lender_funds",
  fees: "platform_fees",
  writeOffs: "write_offs",
  credit: "borrower_credit",
};
const amount = fc.oneof(fc.integer({ min: 1, max: 2_000_000 }), fc.constantFrom(0, -5, 1.5));
const ledgerCommand = fc.oneof(
  fc.record({ op: fc.constantFrom("single_phase" as const, "pending" as const), debit: fc.constantFrom(...IDS), credit: fc.constantFrom(...IDS), amount }),
  fc.record({ op: fc.constant("post_pending" as const), pick: fc.nat(), amount: fc.option(amount, { nil: undefined }) }),
  fc.record({ op: fc.constant("void_pending" as const), pick: fc.nat() }),
);

describe("any sequence of transfers", () => {
  it("keeps every invariant, and a refused transfer changes nothing", () => {
    fc.assert(
      fc.property(fc.array(ledgerCommand, { maxLength: 60 }), (commands) => {
        const book = bookOf(...IDS.map((id) => account(id, KINDS[id])));
        commands.forEach((command, n) => {
          let request: TransferRequest;
          if (command.op === "single_phase" || command.op === "pending") {
            request = { mode: command.op, debitAccountId: command.debit, creditAccountId: command.credit, amount: command.amount };
          } else {
            const pendings = book.transfers.filter((t) => t.mode === "pending");
            const pendingId = pendings.length ? pendings[(command as { pick: number }).pick % pendings.length]!.id : "none";
            request = command.op === "post_pending" ? { mode: "post_pending", pendingId, ...(command.amount !== undefined ? { amount: command.amount } : {}) } : { mode: "void_pending", pendingId };
          }
          const before = structuredClone(book);
          const result = applyTransfer(book, `t${n}`, request);
          if (!result.ok) expect(book).toEqual(before);
          expect(ledgerViolations([...book.accounts.values()], book.transfers)).toEqual([]);
        });
        for (const [id, totals] of totalsFromTransfers(book.transfers)) expect(book.accounts.get(id)).toMatchObject(totals);
      }),
      { numRuns: 300 },
    );
  });
});
