import { schema, type Db } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { identityPurgeDueOn, IDENTITY_RETENTION_YEARS, latestPurgeableEnd } from "@pinjaman/domain/personal-data-retention";
import { and, eq, inArray, or } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import type { FileStorage } from "../../integrations/storage/file-storage.ts";
import { createCustomer, logIn } from "../../modules/authentication/auth-test-kit.ts";
import { ledgerInvariantViolations } from "../../modules/ledger/ledger-invariants.ts";
import { createTransfers, openLedgerAccounts } from "../../modules/ledger/ledger-service.ts";
import { leadView } from "../../modules/partners/lead-service.ts";
import { deletePersonalData } from "../../modules/personal-data/personal-data-deletion.ts";
import { runOccurrence } from "../job-occurrence.ts";
import { jobDefinitions } from "../registry.ts";
import { personalDataRetentionJob } from "./personal-data-retention.ts";

const log = pino({ level: "silent" });
const DAY = 86_400_000;
/** 01:30 WIB of a business date: the job's occurrence. */
const occurrenceOn = (date: string) => ({ key: date, businessDate: date, at: new Date(`${date}T01:30:00+07:00`) });
const run = (db: Db, date: string) => runOccurrence(db, personalDataRetentionJob, occurrenceOn(date), log);

/** What a purge must leave exactly as it was: the customer's financial rows. */
async function financialRows(db: Db, customerId: string) {
  const accounts = await db.select().from(schema.accounts).where(eq(schema.accounts.customerId, customerId));
  const accountIds = accounts.map((a) => a.id);
  const ledgerAccounts = await db.select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.customerId, customerId));
  const ledgerIds = ledgerAccounts.map((a) => a.id);
  return {
    customer: await db.select({ id: schema.customers.id, name: schema.customers.name, email: schema.customers.email }).from(schema.customers).where(eq(schema.customers.id, customerId)),
    accounts,
    applications: await db.select().from(schema.accountApplications).where(inArray(schema.accountApplications.accountId, accountIds)),
    transitions: await db.select().from(schema.statusTransitions).where(inArray(schema.statusTransitions.subjectId, accountIds)),
    ledgerAccounts,
    transfers: await db.select().from(schema.ledgerTransfers).where(or(inArray(schema.ledgerTransfers.creditAccountId, ledgerIds), inArray(schema.ledgerTransfers.debitAccountId, ledgerIds))),
  };
}

describe(`the personal-data-retention job (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let t: TestApp;
  let db: Db;
  let today: string;
  let flowVersionId: string;
  const storage: FileStorage = { kind: "local", presign: () => ({ url: "", method: "POST", fields: {} }), read: async () => ({ redirect: "" }), exists: async () => false, remove: async () => undefined };

  beforeAll(async () => {
    t = await testApp();
    db = t.app.db;
    today = (await t.app.inject({ method: "GET", url: "/app_api/v1/sandbox/clock" })).json().data.business_date;
    const [version] = await db.select({ id: schema.flowVersions.id }).from(schema.flowVersions).limit(1);
    flowVersionId = version!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A former borrower: profile, a loan closed on `closedOn` with its application (whose flow
   * progress holds the identity answers), its status change on that day, and a payment that went
   * through the ledger (clearing account back at zero).
   */
  async function formerBorrower(nik: string, closedOn: string) {
    const customer = await createCustomer(db, { name: "Sari Wulandari", phone: "+6281300005555" });
    await db.insert(schema.customerProfiles).values({
      customerId: customer.id,
      personalCode: nik,
      fullName: "Sari Wulandari",
      birthDate: "1985-03-10",
      kyc: { employer: "PT Sentosa" },
      consent: { terms_version: "2026-01", geolocation: "-6.2,106.8" },
    });
    const [progress] = await db
      .insert(schema.flowProgresses)
      .values({
        flowVersionId,
        flowKey: "spl",
        customerId: customer.id,
        currentStep: "done",
        status: "completed",
        values: { personal_code: nik, full_name: "Sari Wulandari", birth_date: "1985-03-10", geolocation: "-6.2,106.8", amount: 2_000_000, term: 3 },
        expiresAt: new Date(Date.now() + DAY),
      })
      .returning();
    const [account] = await db.insert(schema.accounts).values({ customerId: customer.id, typeKey: "loan", status: "closed", closedOn }).returning();
    await db
      .insert(schema.accountApplications)
      .values({ accountId: account!.id, typeKey: "initial", status: "closed", amount: 2_000_000, term: 3, dailyRatePpm: 3000, totalRepayment: 2_540_000, flowProgressId: progress!.id });
    await db
      .insert(schema.statusTransitions)
      .values({ subjectType: "account", subjectId: account!.id, fromStatus: "active", toStatus: "closed", event: "repaid", actorKind: "system", createdAt: new Date(`${closedOn}T10:00:00+07:00`) });
    const [escrow, clearing, fees] = await openLedgerAccounts(db, [
      { kind: "bank_escrow" },
      { kind: "borrower_clearing", owner: { customerId: customer.id, accountId: account!.id } },
      { kind: "platform_fees" },
    ] as const);
    await createTransfers(db, [
      { mode: "single_phase", debitAccountId: escrow.id, creditAccountId: clearing.id, amount: 540_000, code: "payment_received", idempotencyKey: `test-paid:${customer.id}`, businessDate: closedOn },
      { mode: "single_phase", debitAccountId: clearing.id, creditAccountId: fees.id, amount: 540_000, code: "repayment", idempotencyKey: `test-fee:${customer.id}`, businessDate: closedOn },
    ]);
    return { ...customer, progressId: progress!.id };
  }

  const profileOf = async (customerId: string) => (await db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId)))[0];
  const purgesOf = (customerId: string) =>
    db
      .select()
      .from(schema.personalDataRequests)
      .where(and(eq(schema.personalDataRequests.customerId, customerId), eq(schema.personalDataRequests.kind, "retention_purge")));

  it("is registered daily at 01:30 WIB, with a five-year retention", () => {
    expect(jobDefinitions.map((j) => [j.name, j.runs])).toContainEqual(["personal-data-retention", { daily: "01:30" }]);
    expect(IDENTITY_RETENTION_YEARS).toBe(5);
    expect(identityPurgeDueOn("2026-06-30")).toBe("2031-07-01");
    expect(identityPurgeDueOn("2028-02-29")).toBe("2033-03-01");
  });

  it("purges the identity core the day after the fifth anniversary of the deletion, not a day before, once, financial rows untouched", async () => {
    const sari = await formerBorrower("3174014303850001", addDays(today, -30));
    const session = await logIn(t.app, db, sari);
    const deleted = await t.app.inject({ method: "POST", url: "/app_api/v1/my/personal_data/deletion", headers: { "x-authorization": session.token }, payload: { data: { password: sari.password } } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await profileOf(sari.id)).toMatchObject({ personalCode: "3174014303850001", fullName: "Sari Wulandari", birthDate: "1985-03-10" });
    const due = identityPurgeDueOn(today);
    const financial = await financialRows(db, sari.id);
    expect(financial.transfers).toHaveLength(2);

    expect(await run(db, addDays(due, -1))).toBe("ran");
    expect(await profileOf(sari.id)).toMatchObject({ personalCode: "3174014303850001" });
    expect(await purgesOf(sari.id)).toHaveLength(0);

    const before = await rowCounts(t.database);
    // The occurrence delivered to three workers at once: one runs it.
    const outcomes = await Promise.all([run(db, due), run(db, due), run(db, due)]);
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(await profileOf(sari.id)).toBeUndefined();
    const [progress] = await db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, sari.progressId));
    expect(progress!.values).toEqual({ amount: 2_000_000, term: 3 });
    expect(await purgesOf(sari.id)).toMatchObject([
      { status: "completed", details: { relationship_ended_on: today, retention_years: 5, business_date: due, removed: ["customer_profiles", "flow_progresses.values.personal_code", "flow_progresses.values.full_name", "flow_progresses.values.birth_date", "flow_progresses.values.geolocation"] } },
    ]);
    const after = await rowCounts(t.database);
    expect(after).toEqual({ ...before, customer_profiles: before.customer_profiles! - 1, personal_data_requests: before.personal_data_requests! + 1, job_runs: before.job_runs! + 1 });
    expect(await financialRows(db, sari.id)).toEqual(financial);
    expect(await ledgerInvariantViolations(db)).toEqual([]);

    // Later days find nothing more to do; the NIK is free for a new customer.
    expect(await run(db, addDays(due, 1))).toBe("ran");
    expect(await purgesOf(sari.id)).toHaveLength(1);
    const newcomer = await createCustomer(db);
    await db.insert(schema.customerProfiles).values({ customerId: newcomer.id, personalCode: "3174014303850001", fullName: "Sari Wulandari", birthDate: "1985-03-10", kyc: {}, consent: {} });
  });

  it("counts from the later of the deletion and the last closing of the customer's accounts", async () => {
    const budi = await formerBorrower("3174010101800009", addDays(today, -400));
    await deletePersonalData(db, storage, { customerId: budi.id, password: budi.password }, new Date(`${addDays(today, -200)}T12:00:00+07:00`));
    // A closing recorded after the deletion (say, a late correction of a sold loan) moves the end.
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.customerId, budi.id));
    await db.update(schema.accounts).set({ closedOn: addDays(today, -100) }).where(eq(schema.accounts.id, account!.id));
    const due = identityPurgeDueOn(addDays(today, -100));
    await run(db, addDays(due, -1));
    expect(await profileOf(budi.id)).toBeDefined();
    await run(db, due);
    expect(await profileOf(budi.id)).toBeUndefined();
    expect(await purgesOf(budi.id)).toMatchObject([{ details: { relationship_ended_on: addDays(today, -100) } }]);
  });

  it("skips a deleted customer with something open again: the relationship has not ended", async () => {
    const rina = await formerBorrower("3174014101900003", addDays(today, -10));
    await deletePersonalData(db, storage, { customerId: rina.id, password: rina.password }, new Date(`${addDays(today, -5)}T12:00:00+07:00`));
    await db.insert(schema.accounts).values({ customerId: rina.id, typeKey: "loan", status: "written_off" });
    await run(db, addDays(identityPurgeDueOn(today), 2));
    expect(await profileOf(rina.id)).toMatchObject({ personalCode: "3174014101900003" });
    expect(await purgesOf(rina.id)).toHaveLength(0);
  });

  it("removes expired, unused leads' personal fields after three days' grace; submitted, recent and open leads keep theirs", async () => {
    const [partner] = await db
      .insert(schema.partners)
      .values({ name: "Gamma", legalName: "PT Gamma", contactEmail: "it@gamma.test", callbackUrl: "https://gamma.test/cb", callbackSecret: "s" })
      .returning();
    const data = { full_name: "Wati Lestari", email: "wati@contoh.co.id", phone: "+6281399990001", personal_code: "3273015505900001", birth_date: "1990-05-15", amount: 3_000_000, term: 6 };
    const lead = async (externalId: string, expiresAt: Date, flowProgressId: string | null = null) =>
      (
        await db
          .insert(schema.leads)
          .values({ partnerId: partner!.id, externalId, productKey: "spl", customerData: data, flowKey: "installment_loan_chilimoney_subflow_lead_based", flowProgressId, expiresAt, createdAt: new Date(expiresAt.getTime() - 14 * DAY) })
          .returning()
      )[0]!;
    const now = Date.now();
    const expired = await lead("L-EXPIRED", new Date(now - 4 * DAY));
    const recent = await lead("L-RECENT", new Date(now - 2 * DAY));
    const open = await lead("L-OPEN", new Date(now + 5 * DAY));
    const submittedBy = await formerBorrower("3273015505900009", today);
    const submitted = await lead("L-SUBMITTED", new Date(now - 10 * DAY), submittedBy.progressId);

    await run(db, addDays(today, 3000));
    const rows = new Map((await db.select().from(schema.leads).where(eq(schema.leads.partnerId, partner!.id))).map((l) => [l.externalId, l]));
    expect(rows.get("L-EXPIRED")).toMatchObject({ customerData: { amount: 3_000_000, term: 6 }, personalDataPurgedAt: expect.any(Date) });
    for (const kept of [recent, open, submitted]) expect(rows.get(kept.externalId)).toMatchObject({ customerData: data, personalDataPurgedAt: null });
    // The partner still reads the purged lead's status.
    expect(await leadView(db, "https://pinjaman.test", rows.get("L-EXPIRED")!)).toMatchObject({ id: expired.id, status: "expired", external_id: "L-EXPIRED" });
    expect(await leadView(db, "https://pinjaman.test", rows.get("L-SUBMITTED")!)).toMatchObject({ status: "submitted" });

    const purgedAt = rows.get("L-EXPIRED")!.personalDataPurgedAt;
    await run(db, addDays(today, 3001));
    const [again] = await db.select().from(schema.leads).where(eq(schema.leads.id, expired.id));
    expect(again!.personalDataPurgedAt).toEqual(purgedAt);
  });

  it("runs on the business clock: moving the sandbox clock onto the due day purges", async () => {
    const tomorrow = addDays(today, 1);
    // The relationship ended five years before yesterday: the retention runs out tomorrow.
    const ended = latestPurgeableEnd(tomorrow);
    expect(identityPurgeDueOn(ended)).toBe(tomorrow);
    const ani = await formerBorrower("3174015207700004", ended);
    await deletePersonalData(db, storage, { customerId: ani.id, password: ani.password }, new Date(`${ended}T12:00:00+07:00`));
    // Two days: tomorrow's 01:30 falls inside the move whatever the real time of day.
    const moved = await t.app.inject({ method: "POST", url: "/app_api/v1/sandbox/clock", headers: { "x-locale": "id" }, payload: { data: { days: 2 } } });
    expect(moved.statusCode, moved.body).toBe(200);
    const runs = moved.json().data.job_runs.filter((r: { job: string }) => r.job === "personal-data-retention").map((r: { business_date: string }) => r.business_date);
    expect(runs).toContain(tomorrow);
    expect(await profileOf(ani.id)).toBeUndefined();
    expect(await purgesOf(ani.id)).toMatchObject([{ details: { relationship_ended_on: ended, business_date: tomorrow } }]);
  });
});
