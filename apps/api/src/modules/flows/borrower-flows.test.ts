import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain";
import { COOLING_OFF_DAYS } from "@pinjaman/domain/disbursal";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { lastCode } from "../authentication/auth-test-kit.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { businessInstant, fundApplication, sandboxDisbursalIntegrations } from "../disbursal/sandbox-loans.ts";
import { startDueDisbursals } from "../disbursal/cooling-off.ts";
import { runDisbursal } from "../disbursal/disbursal-run.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import type { Db } from "@pinjaman/db";

const APP = "/app_api/v1";

type Field = { key: string; current_value: unknown; rangeValues: number[] | null; options: { value: string }[] | null };
type View = { id: string; status: string; steps_count: number; step: { key: string; template: string; fields: Field[]; movements: { id: string }[]; data: Record<string, unknown> | null } };
type Offers = { offered: { flow_key: string; name: string; path: string; account_id: string | null; payoff: number | null }[]; no_flow: { flow_key: string; path: string; reason: string } | null };

const REASONS = {
  not_returning:
    'Penawaran ini khusus untuk nasabah yang pernah menerima dan melunasi pinjaman dari kami. Silakan ajukan pinjaman pertama Anda melalui tombol "Ajukan pinjaman baru".',
  in_flight: "Anda masih memiliki pengajuan pinjaman yang sedang diproses. Penawaran baru muncul setelah pengajuan tersebut selesai.",
  clean_history: "Penawaran ini khusus untuk nasabah yang pernah terlambat membayar; Anda mendapat penawaran pinjaman cicilan konsumen.",
  late_history: "Penawaran ini khusus untuk nasabah yang selalu membayar tepat waktu.",
  not_loaded: "Penawaran ini terbuka setelah Anda melunasi paling sedikit dua pinjaman dari kami.",
  no_instalment_paid: "Refinancing dapat diajukan setelah paling sedikit satu cicilan pinjaman ini dibayar.",
};

/** What a returning customer's profile holds from their first application (the account in their own KTP name). */
const KNOWN = {
  employment_type: "employee",
  employer_name: "PT Lama Sejahtera",
  monthly_income: "10m_20m",
  other_platforms_count: "0",
  other_platforms_instalment: "none",
  bank_code: "bni",
  bank_account_number: "0987654321",
  bank_account_holder: "Rudi Hartono",
};

let t: TestApp;
const db = (): Db => t.database.db;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
}, 120_000);
afterAll(() => t?.close());

const headers = (s: TestSession | null) => ({ "x-locale": "id", ...(s?.headers ?? {}) });
const get = (s: TestSession | null, url: string) => t.app.inject({ method: "GET", url: `${APP}${url}`, headers: headers(s) });
const post = (s: TestSession | null, url: string, payload: object) => t.app.inject({ method: "POST", url: `${APP}${url}`, headers: headers(s), payload });
const patch = (s: TestSession, url: string, payload: object) => t.app.inject({ method: "PATCH", url: `${APP}${url}`, headers: headers(s), payload });

async function offers(s: TestSession): Promise<Offers> {
  const res = await get(s, "/borrower_flows");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Offers;
}
async function start(s: TestSession, url: string): Promise<View> {
  const res = await post(s, url, { data: {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as View;
}
async function move(s: TestSession, id: string, values: Record<string, unknown>, to: string): Promise<View> {
  const res = await patch(s, `/flow_progresses/${id}/move/next`, { data: { values } });
  expect(res.statusCode, res.body).toBe(200);
  const view = res.json().data as View;
  expect(view.step.key).toBe(to);
  return view;
}
const fieldOf = (view: View, key: string) => view.step.fields.find((f) => f.key === key)!;

/** Contract and signature, from the contract step to the end. */
async function signAndSubmit(s: TestSession, id: string, phone: string): Promise<View> {
  await move(s, id, { agreement: true }, "signature");
  return move(s, id, { signature_code: await lastCode(db(), phone) }, "done");
}

/** A customer with a KYC profile; `repaid` loans (amounts) disbursed and closed LUNAS, one of them with a late fee when `late`. */
async function customer(repaid: { amount: number; productKey?: string }[], late = false): Promise<TestSession & { phone: string }> {
  const n = ++seq;
  const email = `nasabah.${n}@contoh.co.id`;
  const phone = `+628139999${String(1000 + n)}`;
  const nik = `327301150585${String(1000 + n)}`;
  const [c] = await db().insert(schema.customers).values({ name: `Nasabah ${n}`, email, phone, passwordHash: "x" }).returning({ id: schema.customers.id });
  await db().insert(schema.customerRoles).values({ customerId: c!.id, typeKey: "primary" });
  await db()
    .insert(schema.customerProfiles)
    .values({ customerId: c!.id, personalCode: nik, fullName: KNOWN.bank_account_holder, birthDate: "1985-05-15", kyc: { ...KNOWN, personal_code: nik }, consent: { terms_version: "2026-01" } });
  for (const [i, loan] of repaid.entries()) {
    const [account] = await db()
      .insert(schema.accounts)
      .values({ customerId: c!.id, typeKey: "loan", productKey: loan.productKey ?? "spl", status: "closed", principalBalance: 0, activatedOn: "2025-01-10", closedOn: "2025-05-10" })
      .returning({ id: schema.accounts.id });
    const [application] = await db()
      .insert(schema.accountApplications)
      .values({ accountId: account!.id, typeKey: "initial", status: "closed", amount: loan.amount, term: 4, dailyRatePpm: 1000, totalRepayment: loan.amount + 120_000, submittedOn: "2025-01-05", effectiveOn: "2025-01-10", maturityOn: "2025-05-10" })
      .returning({ id: schema.accountApplications.id });
    if (late && i === 0) {
      await db().insert(schema.invoices).values({
        accountId: account!.id,
        accountApplicationId: application!.id,
        number: 1,
        dueOn: "2025-02-09",
        principal: loan.amount,
        interest: 120_000,
        total: loan.amount + 120_000,
        lateFee: 15_000,
        paidPrincipal: loan.amount,
        paidInterest: 120_000,
        paidLateFee: 15_000,
        status: "paid",
        paidOn: "2025-02-14",
      });
    }
  }
  return { ...(await sessionFor(db(), email)), phone };
}

async function applicationsOf(customerId: string) {
  return db()
    .select({ status: schema.accountApplications.status, amount: schema.accountApplications.amount, term: schema.accountApplications.term, productKey: schema.accounts.productKey, id: schema.accountApplications.id })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(and(eq(schema.accounts.customerId, customerId), eq(schema.accounts.status, "pending")));
}

describe("borrower flow offers (GET borrower_flows)", () => {
  it("offers by the book: none to a customer new to bank, consumer to a clean returning one, mini to a late one, multi-product to a loaded one", async () => {
    const budi = await sessionFor(db(), "budi@pinjaman.test");
    expect(await offers(budi)).toEqual({ offered: [], no_flow: { flow_key: "no_flow_available_v2", path: "/flows/no_flow_available_v2", reason: REASONS.not_returning } });
    const clean = await customer([{ amount: 3_000_000 }]);
    expect((await offers(clean)).offered).toEqual([{ flow_key: "consumer_installment_loan", name: "Pinjaman Cicilan Konsumen", path: "/flows/consumer_installment_loan", account_id: null, payoff: null }]);
    expect((await offers(clean)).no_flow).toBeNull();
    const late = await customer([{ amount: 3_000_000 }], true);
    expect((await offers(late)).offered.map((o) => o.flow_key)).toEqual(["mini_installment_loan"]);
    const loaded = await customer([{ amount: 3_000_000 }, { amount: 5_000_000 }]);
    expect((await offers(loaded)).offered.map((o) => o.flow_key)).toEqual(["consumer_installment_loan", "repeat_multi_product"]);
    expect((await get(null, "/borrower_flows")).statusCode).toBe(401);
  });
});

describe("consumer_installment_loan", () => {
  it("a clean returning customer applies within twice their largest repaid loan; the application is submitted and decided automatically", async () => {
    const rina = await customer([{ amount: 3_000_000 }]);
    const preview = await get(rina, "/flows/consumer_installment_loan/flow_progresses/new");
    expect(preview.statusCode, preview.body).toBe(200);
    const amounts = (preview.json().data as { step: View["step"] }).step.fields.find((f) => f.key === "amount")!.rangeValues!;
    expect([amounts[0], amounts.at(-1)]).toEqual([500_000, 6_000_000]);

    const calculator = await start(rina, "/flows/consumer_installment_loan/flow_progresses");
    const tooMuch = await patch(rina, `/flow_progresses/${calculator.id}/move/next`, { data: { values: { amount: 6_500_000, term: 6 } } });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.fields).toEqual({ amount: [expect.stringContaining("Rp 6.000.000")] });
    const work = await move(rina, calculator.id, { amount: 6_000_000, term: 6 }, "work");
    expect(fieldOf(work, "employer_name").current_value).toBe("PT Lama Sejahtera");
    await move(rina, calculator.id, {}, "bank");
    await move(rina, calculator.id, {}, "contract");
    const before = await rowCounts(t.database);
    const done = await signAndSubmit(rina, calculator.id, rina.phone);
    expect(done.status).toBe("completed");
    expect((await rowCounts(t.database)).account_applications! - before.account_applications!).toBe(1);
    expect(await applicationsOf(rina.customerId)).toEqual([{ status: "waiting_for_investment", amount: 6_000_000, term: 6, productKey: "spl", id: expect.any(String) }]);
    const [decision] = await db().select().from(schema.applicationDecisions).where(eq(schema.applicationDecisions.accountApplicationId, (await applicationsOf(rina.customerId))[0]!.id));
    expect(decision!.outcome).toBe("approve");

    // With an application in flight nothing is offered, and a start is refused with the reason.
    expect(await offers(rina)).toEqual({ offered: [], no_flow: { flow_key: "no_flow_available_v2", path: "/flows/no_flow_available_v2", reason: REASONS.in_flight } });
    const again = await post(rina, "/flows/consumer_installment_loan/flow_progresses", { data: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("application_in_flight");
  });

  it("refuses a customer it is not offered to with 409 and the reason, storing nothing", async () => {
    const late = await customer([{ amount: 3_000_000 }], true);
    const before = await rowCounts(t.database);
    const refused = await post(late, "/flows/consumer_installment_loan/flow_progresses", { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "flow_not_offered", message: REASONS.late_history });
    expect((await get(late, "/flows/consumer_installment_loan/flow_progresses/new")).statusCode).toBe(409);
    // The page's server render gets the same refusal, and leaves the reason to the browser (never a 500).
    expect(await t.app.services.flowPreview("consumer_installment_loan", { publicOnly: false, sessionToken: late.token })).toEqual({ refused: "not_offered" });
    const ntb = await sessionFor(db(), "sari@pinjaman.test");
    expect((await post(ntb, "/flows/consumer_installment_loan/flow_progresses", { data: {} })).json().error).toEqual({ code: "flow_not_offered", message: REASONS.not_returning });
    expect((await post(null, "/flows/consumer_installment_loan/flow_progresses", { data: {} })).statusCode).toBe(401);
    expect((await rowCounts(t.database)).flow_progresses).toBe(before.flow_progresses);
  });
});

describe("mini_installment_loan", () => {
  it("a customer who was late applies for at most Rp 2.000.000 over 3 months; a clean one is refused", async () => {
    const clean = await customer([{ amount: 3_000_000 }]);
    const refused = await post(clean, "/flows/mini_installment_loan/flow_progresses", { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "flow_not_offered", message: REASONS.clean_history });

    const dewi = await customer([{ amount: 3_000_000 }], true);
    const calculator = await start(dewi, "/flows/mini_installment_loan/flow_progresses");
    expect(fieldOf(calculator, "amount").rangeValues).toEqual([500_000, 1_000_000, 1_500_000, 2_000_000]);
    expect(fieldOf(calculator, "term").rangeValues).toEqual([1, 2, 3]);
    expect(calculator.step.data).toMatchObject({ product_key: "spl", loan_settings: { max_amount: 2_000_000, max_term: 3 } });
    const longer = await patch(dewi, `/flow_progresses/${calculator.id}/move/next`, { data: { values: { amount: 2_000_000, term: 4 } } });
    expect(longer.statusCode).toBe(422);
    expect(Object.keys(longer.json().error.fields)).toEqual(["term"]);
    await move(dewi, calculator.id, { amount: 2_000_000, term: 3 }, "work");
    await move(dewi, calculator.id, {}, "bank");
    await move(dewi, calculator.id, {}, "contract");
    expect((await signAndSubmit(dewi, calculator.id, dewi.phone)).status).toBe("completed");
    expect(await applicationsOf(dewi.customerId)).toEqual([{ status: "waiting_for_investment", amount: 2_000_000, term: 3, productKey: "spl", id: expect.any(String) }]);
  });
});

describe("repeat_multi_product", () => {
  it("a loaded customer chooses among the products they are offered and applies for that product", async () => {
    const notLoaded = await customer([{ amount: 3_000_000 }]);
    expect((await post(notLoaded, "/flows/repeat_multi_product/flow_progresses", { data: {} })).json().error).toEqual({ code: "flow_not_offered", message: REASONS.not_loaded });

    const yanti = await customer([{ amount: 3_000_000 }, { amount: 5_000_000 }]);
    const product = await start(yanti, "/flows/repeat_multi_product/flow_progresses");
    expect(product.step.key).toBe("product");
    expect(product.steps_count).toBe(7);
    expect(fieldOf(product, "product_key").options!.map((o) => o.value)).toEqual(["spl", "bni_payroll_loan"]);
    // alumak is productive and never repaid by her: not hers to choose.
    const alumak = await patch(yanti, `/flow_progresses/${product.id}/move/next`, { data: { values: { product_key: "alumak" } } });
    expect(alumak.statusCode).toBe(422);
    expect(alumak.json().error.fields).toEqual({ product_key: ["Produk ini tidak tersedia untuk Anda."] });
    const calculator = await move(yanti, product.id, { product_key: "bni_payroll_loan" }, "calculator");
    expect(calculator.step.data).toMatchObject({ product_key: "bni_payroll_loan" });
    expect(fieldOf(calculator, "amount").rangeValues!.at(-1)).toBe(20_000_000);
    await move(yanti, product.id, { amount: 7_000_000, term: 10 }, "work");
    await move(yanti, product.id, {}, "bank");
    await move(yanti, product.id, {}, "contract");
    expect((await signAndSubmit(yanti, product.id, yanti.phone)).status).toBe("completed");
    const [application] = await applicationsOf(yanti.customerId);
    expect(application).toMatchObject({ amount: 7_000_000, term: 10, productKey: "bni_payroll_loan" });
    expect(["waiting_for_investment", "submitted", "rejected"]).toContain(application!.status);
  });
});

describe("no_flow_available_v2", () => {
  it("says why nothing is offered, leads to the profile and cannot be started", async () => {
    const budi = await sessionFor(db(), "budi@pinjaman.test");
    const info = await get(budi, "/flows/no_flow_available_v2/flow_progresses/new");
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.step).toMatchObject({
      key: "no_flow",
      template: "end_flow",
      title: "Belum ada penawaran pinjaman untuk Anda",
      movements: [],
      data: { redirect: "/profile", reason: REASONS.not_returning },
    });
    const refused = await post(budi, "/flows/no_flow_available_v2/flow_progresses", { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("flow_not_startable");
    expect((await get(null, "/flows/no_flow_available_v2/flow_progresses/new")).statusCode).toBe(401);
  });
});

describe("refinancing (loan-account flow)", () => {
  const today = jakartaToday();

  /** A customer with an active loan (2 000 000 over 4 months at 0.1 %/day), its first instalment paid on its due date when `paid`. */
  async function borrowerWithLoan(paid: boolean) {
    const s = await customer([]);
    // Nothing overdue either way: paid, the first instalment fell due 10 days ago; unpaid, it falls due in 20 days.
    const loan = await activeLoanFor(db(), s.customerId, { effectiveOn: addDays(today, paid ? -40 : -10), amount: 2_000_000, term: 4, dailyRatePpm: 1000 });
    if (paid) {
      const first = loan.invoices[0]!;
      const va = loan.virtualAccounts[0]!;
      await receivePayment(db(), { channel: va.channel, virtualAccountNumber: va.number, amount: first.total, gatewayTransactionId: `refi-test-${loan.accountId}`, businessDate: first.dueOn, source: "sandbox" }, { platformFeePpm: 100_000 });
    }
    return { s, loan };
  }

  it("is offered on a loan in good standing, refused on another's loan or one with nothing paid yet", async () => {
    const { s, loan } = await borrowerWithLoan(true);
    // The loan change requests (decision 0027) are offered on every active loan too; refinancing only here.
    const offered = (await offers(s)).offered.filter((o) => o.flow_key !== "reschedule_request");
    expect(offered).toEqual([{ flow_key: "refinancing", name: "Refinancing Pinjaman", path: `/flows/refinancing?account_id=${loan.accountId}`, account_id: loan.accountId, payoff: expect.any(Number) }]);
    expect(offered[0]!.payoff).toBeGreaterThan(1_500_000);
    const flows = await get(s, `/accounts/${loan.accountId}/flows`);
    expect(flows.json().data.map((f: { key: string }) => f.key)).toContain("refinancing");

    const other = await customer([]);
    expect((await get(other, `/accounts/${loan.accountId}/flows/refinancing/flow_progresses/new`)).statusCode).toBe(404);
    expect((await post(other, `/accounts/${loan.accountId}/flows/refinancing/flow_progresses`, { data: {} })).statusCode).toBe(404);
    // Not an account flow without an account.
    expect((await post(s, "/flows/refinancing/flow_progresses", { data: {} })).statusCode).toBe(404);

    const fresh = await borrowerWithLoan(false);
    expect((await offers(fresh.s)).offered.map((o) => o.flow_key)).toEqual(["reschedule_request"]);
    const refused = await post(fresh.s, `/accounts/${fresh.loan.accountId}/flows/refinancing/flow_progresses`, { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "flow_not_offered", message: REASONS.no_instalment_paid });
  });

  it("ends in an application that covers the payoff; its disbursal pays the old loan off through the payment path and the borrower the rest", async () => {
    const { s, loan } = await borrowerWithLoan(true);
    const calculator = await start(s, `/accounts/${loan.accountId}/flows/refinancing/flow_progresses`);
    expect(calculator.step.key).toBe("calculator");
    const payoff = calculator.step.data!.refinancing_payoff as number;
    // 1 500 000 principal left, with the interest earned since the first due date.
    expect(payoff).toBeGreaterThan(1_500_000);
    expect(payoff).toBeLessThan(1_600_000);
    const amounts = fieldOf(calculator, "amount").rangeValues!;
    expect(amounts[0]).toBe(2_500_000);
    const below = await patch(s, `/flow_progresses/${calculator.id}/move/next`, { data: { values: { amount: 1_500_000, term: 4 } } });
    expect(below.statusCode).toBe(422);
    expect(Object.keys(below.json().error.fields)).toEqual(["amount"]);
    await move(s, calculator.id, { amount: 3_000_000, term: 4 }, "bank");
    await move(s, calculator.id, {}, "contract");
    const done = await signAndSubmit(s, calculator.id, s.phone);
    expect(done.status).toBe("completed");

    const [application] = await applicationsOf(s.customerId);
    expect(application).toMatchObject({ status: "waiting_for_investment", amount: 3_000_000, term: 4, productKey: "spl" });
    const [refinancing] = await db().select().from(schema.refinancings).where(eq(schema.refinancings.accountApplicationId, application!.id));
    expect(refinancing).toMatchObject({ refinancedAccountId: loan.accountId, payoffAtSubmission: payoff, status: "pending", paymentId: null });
    // The new application is in flight: no second refinancing.
    expect((await post(s, `/accounts/${loan.accountId}/flows/refinancing/flow_progresses`, { data: {} })).statusCode).toBe(409);

    // The real path: lenders fund it, the cooling-off ends, the sandbox bank pays.
    const lender = await lenderWithFunds(db(), `pemodal.refi.${++seq}@contoh.co.id`, 3_000_000, today);
    await fundApplication(db(), application!.id, [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: 3_000_000 }], today);
    const payoutDate = addDays(today, COOLING_OFF_DAYS);
    await db().transaction((tx) => startDueDisbursals(tx as unknown as Db, payoutDate, businessInstant(payoutDate, "00:40")));
    const [disbursal] = await db().select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, application!.id));
    const oldLenders = await db().select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
    const fundsBefore = await Promise.all(oldLenders.map(async (i) => balanceOf("lender_funds", (await findLedgerAccount(db(), "lender_funds", { customerId: i.customerId, accountId: i.investmentAccountId }))!).available));
    expect(await runDisbursal(db(), sandboxDisbursalIntegrations(db()), disbursal!.id, businessInstant(payoutDate, "01:00"))).toBe("succeeded");

    const [settled] = await db().select().from(schema.refinancings).where(eq(schema.refinancings.accountApplicationId, application!.id));
    expect(settled).toMatchObject({ status: "settled", payoffOn: payoutDate, settledOn: payoutDate });
    const paidOff = settled!.payoffPaid!;
    expect(paidOff).toBeGreaterThanOrEqual(payoff);
    const [payment] = await db().select().from(schema.payments).where(eq(schema.payments.id, settled!.paymentId!));
    expect(payment).toMatchObject({ source: "refinancing", status: "allocated", amount: paidOff, accountId: loan.accountId, accountStatus: "closed", principal: 1_500_000 });
    const bank = (await db().execute(sql`select amount from sandbox_bank_transfers where reference = ${disbursal!.id}`)) as unknown as { rows: { amount: string }[] };
    expect(Number(bank.rows[0]!.amount)).toBe(disbursal!.payout - paidOff);
    const [old] = await db().select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(old).toMatchObject({ status: "closed", principalBalance: 0, closedOn: payoutDate });
    const [oldApplication] = await db().select().from(schema.accountApplications).where(eq(schema.accountApplications.id, loan.applicationId));
    expect(oldApplication!.status).toBe("closed");
    const closedInvestments = await db().select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
    expect(closedInvestments.every((i) => i.status === "closed")).toBe(true);
    const fundsAfter = await Promise.all(oldLenders.map(async (i) => balanceOf("lender_funds", (await findLedgerAccount(db(), "lender_funds", { customerId: i.customerId, accountId: i.investmentAccountId }))!).available));
    // The old loan's lender got its remaining principal back (and its interest less fee and tax).
    expect(fundsAfter[0]! - fundsBefore[0]!).toBeGreaterThanOrEqual(1_500_000);
    const [newAccount] = await db().select().from(schema.accounts).where(eq(schema.accounts.id, (await db().select().from(schema.accountApplications).where(eq(schema.accountApplications.id, application!.id)))[0]!.accountId));
    expect(newAccount).toMatchObject({ status: "active", principalBalance: 3_000_000 });
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  it("a retry on a later day asks the bank for the same amount: the payoff fixed by the first attempt, paid as of that day", async () => {
    const { s, loan } = await borrowerWithLoan(true);
    const calculator = await start(s, `/accounts/${loan.accountId}/flows/refinancing/flow_progresses`);
    await move(s, calculator.id, { amount: 2_500_000, term: 3 }, "bank");
    await move(s, calculator.id, {}, "contract");
    expect((await signAndSubmit(s, calculator.id, s.phone)).status).toBe("completed");
    const [application] = await applicationsOf(s.customerId);
    const lender = await lenderWithFunds(db(), `pemodal.refi.${++seq}@contoh.co.id`, 2_500_000, today);
    await fundApplication(db(), application!.id, [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: 2_500_000 }], today);
    const firstDay = addDays(today, COOLING_OFF_DAYS);
    await db().transaction((tx) => startDueDisbursals(tx as unknown as Db, firstDay, businessInstant(firstDay, "00:40")));
    const [disbursal] = await db().select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, application!.id));
    const bank = sandboxDisbursalIntegrations(db(), "fail_once");
    expect(await runDisbursal(db(), bank, disbursal!.id, businessInstant(firstDay, "01:00"))).toBe("retry_later");
    const [fixed] = await db().select().from(schema.refinancings).where(eq(schema.refinancings.accountApplicationId, application!.id));
    expect(fixed).toMatchObject({ status: "pending", payoffOn: firstDay });
    const nextDay = addDays(firstDay, 1);
    expect(await runDisbursal(db(), bank, disbursal!.id, businessInstant(nextDay, "01:00"))).toBe("succeeded");
    const transfers = (await db().execute(sql`select amount, calls from sandbox_bank_transfers where reference = ${disbursal!.id}`)) as unknown as { rows: { amount: string; calls: number }[] };
    expect([Number(transfers.rows[0]!.amount), transfers.rows[0]!.calls]).toEqual([2_500_000 - fixed!.payoffPaid!, 2]);
    const [payment] = await db().select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `refinancing:${application!.id}`));
    expect(payment).toMatchObject({ amount: fixed!.payoffPaid, businessDate: firstDay, accountStatus: "closed", credit: 0 });
    const [old] = await db().select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(old).toMatchObject({ status: "closed", principalBalance: 0 });
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  it("an old loan the borrower paid off between the attempts: the fixed payoff is parked for an operator, never lost", async () => {
    const { s, loan } = await borrowerWithLoan(true);
    const calculator = await start(s, `/accounts/${loan.accountId}/flows/refinancing/flow_progresses`);
    await move(s, calculator.id, { amount: 2_500_000, term: 3 }, "bank");
    await move(s, calculator.id, {}, "contract");
    await signAndSubmit(s, calculator.id, s.phone);
    const [application] = await applicationsOf(s.customerId);
    const lender = await lenderWithFunds(db(), `pemodal.refi.${++seq}@contoh.co.id`, 2_500_000, today);
    await fundApplication(db(), application!.id, [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: 2_500_000 }], today);
    const day = addDays(today, COOLING_OFF_DAYS);
    await db().transaction((tx) => startDueDisbursals(tx as unknown as Db, day, businessInstant(day, "00:40")));
    const [disbursal] = await db().select().from(schema.disbursals).where(eq(schema.disbursals.accountApplicationId, application!.id));
    const bank = sandboxDisbursalIntegrations(db(), "fail_once");
    expect(await runDisbursal(db(), bank, disbursal!.id, businessInstant(day, "01:00"))).toBe("retry_later");
    // The borrower pays the old loan off themselves meanwhile (more than enough).
    const va = loan.virtualAccounts[0]!;
    await receivePayment(db(), { channel: va.channel, virtualAccountNumber: va.number, amount: 1_700_000, gatewayTransactionId: `self-payoff-${loan.accountId}`, businessDate: day, source: "sandbox" }, { platformFeePpm: 100_000 });
    expect((await db().select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId)))[0]!.status).toBe("closed");
    expect(await runDisbursal(db(), bank, disbursal!.id, businessInstant(day, "02:00"))).toBe("succeeded");
    const [settled] = await db().select().from(schema.refinancings).where(eq(schema.refinancings.accountApplicationId, application!.id));
    const [payment] = await db().select().from(schema.payments).where(eq(schema.payments.id, settled!.paymentId!));
    expect(payment).toMatchObject({ source: "refinancing", status: "parked", parkedReason: "account_not_active", amount: settled!.payoffPaid });
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });
});

describe("the signature step's resend", () => {
  it("refuses a new code asked for within 60 s with 429, Retry-After and when, under the resend field", async () => {
    const dewi = await customer([{ amount: 3_000_000 }], true);
    const calculator = await start(dewi, "/flows/mini_installment_loan/flow_progresses");
    await move(dewi, calculator.id, { amount: 1_000_000, term: 2 }, "work");
    await move(dewi, calculator.id, {}, "bank");
    await move(dewi, calculator.id, {}, "contract");
    await move(dewi, calculator.id, { agreement: true }, "signature");
    const res = await post(dewi, `/flow_progresses/${calculator.id}/actions`, { data: { action: "resend_signature_code" } });
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.json().error.fields).toEqual({ resend_code: [expect.stringMatching(/^Kode baru dapat dikirim dalam \d+ detik\.$/)] });
  });
});
