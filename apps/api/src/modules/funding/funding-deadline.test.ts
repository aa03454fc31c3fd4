import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { fundingDeadlineJob } from "../../jobs/definitions/funding-deadline.ts";
import { cancelApplication } from "../account-applications/cancellation.ts";
import { createTransfers, findLedgerAccount, openLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { approvedApplication, lenderWithFunds } from "./funding-fixtures.ts";
import { invest, settleInvestments } from "./investment-service.ts";
import { decideByOperator } from "../account-applications/operator-decision.ts";
import { NO_INTEGRATIONS } from "../../jobs/job-definition.ts";

const DEPOSIT = 5_000_000;
let t: TestApp;
let lender: { customerId: string; accountId: string };
let key = 0;

beforeAll(async () => {
  t = await testApp();
  lender = await lenderWithFunds(t.app.db, "pemodal.tenggat@contoh.co.id", DEPOSIT, "2026-11-01");
});
afterAll(async () => {
  await t?.close();
});

const put = (applicationId: string, amount: number) =>
  invest(t.app.db, { ...lender, investmentAccountId: lender.accountId, applicationId, amount, idempotencyKey: `tenggat-${++key}`, businessDate: "2026-11-02" });
const runJob = (businessDate: string) =>
  t.app.db.transaction((tx) => fundingDeadlineJob.handler({ tx: tx as unknown as Db, businessDate, at: new Date(), occurrence: businessDate, log: t.app.log, integrations: NO_INTEGRATIONS, afterCommit: () => {} }));
const available = async () => balanceOf("lender_funds", (await findLedgerAccount(t.app.db, "lender_funds", { customerId: lender.customerId, accountId: lender.accountId }))!);
const statusOf = async (id: string) => (await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, id)))[0]!.status;
const investmentsOf = (id: string) => t.app.db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, id));

describe("the funding deadline job (14 days from approval)", () => {
  let late: string;
  let recent: string;
  let funded: string;
  beforeAll(async () => {
    late = (await approvedApplication(t.app.db, "telat.didanai@contoh.co.id", 2_000_000, new Date("2026-11-01T03:00:00Z"))).applicationId;
    recent = (await approvedApplication(t.app.db, "baru.disetujui@contoh.co.id", 2_000_000, new Date("2026-11-10T03:00:00Z"))).applicationId;
    funded = (await approvedApplication(t.app.db, "penuh.didanai@contoh.co.id", 1_000_000, new Date("2026-11-01T03:00:00Z"))).applicationId;
    await put(late, 700_000);
    await put(late, 300_000);
    await put(recent, 400_000);
    await put(funded, 1_000_000);
    expect(await available()).toMatchObject({ available: 2_600_000, pendingOut: 2_400_000 });
  });

  it("leaves everything on the 13th day after approval", async () => {
    await runJob("2026-11-14");
    expect([await statusOf(late), await statusOf(recent), await statusOf(funded)]).toEqual(["waiting_for_investment", "waiting_for_investment", "waiting_for_deadline"]);
  });

  it("on the 14th day expires the unfunded one: cancelled by the system, reservations voided, investments canceled, money back", async () => {
    await runJob("2026-11-15");
    expect([await statusOf(late), await statusOf(recent), await statusOf(funded)]).toEqual(["cancelled", "waiting_for_investment", "waiting_for_deadline"]);
    expect((await investmentsOf(late)).map((i) => [i.amount, i.status]).sort()).toEqual([[300_000, "canceled"], [700_000, "canceled"]]);
    expect((await investmentsOf(recent)).map((i) => i.status)).toEqual(["pending"]);
    expect(await available()).toMatchObject({ available: 3_600_000, pendingOut: 1_400_000 });
    const [expiry] = await t.app.db.select().from(schema.statusTransitions).where(and(eq(schema.statusTransitions.subjectId, late), eq(schema.statusTransitions.event, "expire")));
    expect(expiry).toMatchObject({ fromStatus: "waiting_for_investment", toStatus: "cancelled", actorKind: "system" });
    const voids = await t.app.db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.mode, "void_pending"));
    expect(voids.map((v) => [v.amount, v.businessDate]).sort()).toEqual([[300_000, "2026-11-15"], [700_000, "2026-11-15"]]);
    const [account] = await t.app.db
      .select({ status: schema.accounts.status })
      .from(schema.accounts)
      .innerJoin(schema.accountApplications, eq(schema.accountApplications.accountId, schema.accounts.id))
      .where(eq(schema.accountApplications.id, late));
    expect(account!.status).toBe("closed");
  });

  it("running again changes nothing more", async () => {
    const before = await t.app.db.select().from(schema.ledgerTransfers);
    await runJob("2026-11-15");
    expect(await t.app.db.select().from(schema.ledgerTransfers)).toHaveLength(before.length);
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });
});

describe("the funding deadline on a moved clock", () => {
  it("counts from the business date of the approval (an operator's overturn on a sandbox clock far ahead), not the wall clock", async () => {
    const application = await approvedApplication(t.app.db, "jam.maju@contoh.co.id", 2_000_000, new Date("2026-11-01T03:00:00Z"));
    const [operator] = await t.app.db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, "operator@pinjaman.test"));
    const decide = (outcome: "approve" | "reject", today: string) =>
      t.app.db.transaction((tx) => decideByOperator(tx as unknown as Db, { applicationId: application.applicationId, outcome, operatorId: operator!.id, reason: "Periksa ulang", today }));
    await decide("reject", "2026-12-18");
    await decide("approve", "2026-12-20");
    const [row] = await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, application.applicationId));
    expect(row).toMatchObject({ status: "waiting_for_investment", approvedOn: "2026-12-20" });
    // The approval was recorded today by the wall clock, long before 2026-12-20: only the business date counts.
    await runJob("2027-01-02");
    expect(await statusOf(application.applicationId)).toBe("waiting_for_investment");
    await runJob("2027-01-03");
    expect(await statusOf(application.applicationId)).toBe("cancelled");
  });
});

describe("the borrower's cancellation", () => {
  it("voids every reservation in the same transaction: investments canceled, the lender's money available again", async () => {
    const application = await approvedApplication(t.app.db, "batal.sendiri@contoh.co.id", 3_000_000);
    const before = await available();
    await put(application.applicationId, 500_000);
    await put(application.applicationId, 200_000);
    expect((await available()).available).toBe(before.available - 700_000);
    await t.app.db.transaction((tx) => cancelApplication(tx as unknown as Db, application.applicationId, { kind: "customer", id: application.customerId }, "2026-11-20"));
    expect(await statusOf(application.applicationId)).toBe("cancelled");
    expect((await investmentsOf(application.applicationId)).map((i) => i.status)).toEqual(["canceled", "canceled"]);
    expect(await available()).toEqual(before);
    const transitions = await t.app.db.select().from(schema.statusTransitions).where(and(eq(schema.statusTransitions.subjectType, "investment"), eq(schema.statusTransitions.toStatus, "canceled"), eq(schema.statusTransitions.actorId, application.customerId)));
    expect(transitions).toHaveLength(2);
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("a fully funded application (waiting_for_deadline) may still be cancelled, freeing the money", async () => {
    const application = await approvedApplication(t.app.db, "batal.penuh@contoh.co.id", 400_000);
    const before = await available();
    await put(application.applicationId, 400_000);
    expect(await statusOf(application.applicationId)).toBe("waiting_for_deadline");
    await t.app.db.transaction((tx) => cancelApplication(tx as unknown as Db, application.applicationId, { kind: "customer", id: application.customerId }, "2026-11-20"));
    expect(await available()).toEqual(before);
  });
});

describe("what disbursal and an operator call", () => {
  it("settleInvestments posts every reservation: investments settled, the money moved to the lenders' shares", async () => {
    const application = await approvedApplication(t.app.db, "siap.cair@contoh.co.id", 600_000);
    const before = await available();
    const { investment } = await put(application.applicationId, 600_000);
    // As disbursal will: the shares and the borrower's receivable in one transaction (decision 0009).
    const settled = await t.app.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const moved = await settleInvestments(tx, application.applicationId, "2026-11-21");
      const receivable = await openLedgerAccount(tx, "loan_receivable", { customerId: application.customerId, accountId: application.accountId });
      const escrow = await openLedgerAccount(tx, "bank_escrow");
      await createTransfers(tx, [
        { mode: "single_phase", debitAccountId: receivable.id, creditAccountId: escrow.id, amount: 600_000, code: "disbursal", idempotencyKey: `disbursal:${application.applicationId}`, businessDate: "2026-11-21" },
      ]);
      return moved;
    });
    expect(settled.map((i) => [i.id, i.status])).toEqual([[investment.id, "settled"]]);
    expect(await available()).toEqual({ ...before, posted: before.posted - 600_000, available: before.available - 600_000 });
    const share = await findLedgerAccount(t.app.db, "lender_investment", { customerId: lender.customerId, accountId: application.accountId, investmentId: investment.id });
    expect(balanceOf("lender_investment", share!)).toMatchObject({ posted: 600_000, pendingIn: 0 });
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("an operator withdrawing the approval voids the reservations", async () => {
    const application = await approvedApplication(t.app.db, "ditarik.operator@contoh.co.id", 2_000_000);
    const before = await available();
    await put(application.applicationId, 300_000);
    const [operator] = await t.app.db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, "operator@pinjaman.test"));
    await t.app.db.transaction((tx) =>
      decideByOperator(tx as unknown as Db, { applicationId: application.applicationId, outcome: "reject", operatorId: operator!.id, reason: "Data tidak lengkap", today: "2026-11-20" }),
    );
    expect(await statusOf(application.applicationId)).toBe("rejected");
    expect((await investmentsOf(application.applicationId)).map((i) => i.status)).toEqual(["canceled"]);
    expect(await available()).toEqual(before);
  });
});
