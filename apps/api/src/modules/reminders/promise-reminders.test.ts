import { schema } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { UTC_OFFSET_HOURS, type IndonesianTimeZone } from "@pinjaman/domain/reminder-time-zone";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import type { MailMessage } from "../../integrations/mail.ts";
import type { SmsMessage } from "../../integrations/sms.ts";
import { lateLoanFixture } from "../collections/late-loan-fixture.ts";
import { choosePaymentChannel } from "../invoices/virtual-accounts.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import { sendPromiseReminders } from "./promise-reminders.ts";

/** The instant of a local wall-clock time in a zone: `local("2026-02-10", "07:59", "WITA")`. */
const local = (date: string, hhmm: string, zone: IndonesianTimeZone) =>
  new Date(Date.parse(`${date}T${hhmm}:00Z`) - UTC_OFFSET_HOURS[zone] * 60 * 60 * 1000);

/** A province in each zone: DKI Jakarta, Bali, Papua. */
const PROVINCE: Record<IndonesianTimeZone, string> = { WIB: "31", WITA: "51", WIT: "94" };
/** The day the promises are made on; the loans are then 15–18 days past due. */
const TODAY = "2026-03-02";

describe(`reminders of promises to pay (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let staffId: string;
  const mails: MailMessage[] = [];
  const texts: SmsMessage[] = [];
  const mailer = { send: async (m: MailMessage) => void mails.push(m) };
  const sms = { send: async (m: SmsMessage) => void texts.push(m) };

  beforeAll(async () => {
    database = await testDatabase();
    const [staff] = await database.db.insert(schema.customers).values({ name: "Dewi Penagih", email: "penagih@pinjaman.test" }).returning();
    staffId = staff!.id;
  });
  afterAll(() => database.close());

  const late = (region: string) => lateLoanFixture(database.db, { today: TODAY, daysAgo: 45, region });
  async function promise(accountId: string, promisedOn: string, amount = 500_000) {
    const [row] = await database.db.insert(schema.promisesToPay).values({ accountId, staffId, madeOn: TODAY, promisedOn, amount }).returning();
    return row!.id;
  }
  const run = (at: Date) => database.db.transaction((tx) => sendPromiseReminders(tx, { at, mailer, sms }));
  const remindedAt = async (at: Date, ids: string[]) => (await run(at)).map((s) => s.promiseId).filter((id) => ids.includes(id));
  const close = (accountId: string) => database.db.update(schema.accounts).set({ status: "closed" }).where(eq(schema.accounts.id, accountId));

  it.each(["WIB", "WITA", "WIT"] as const)("in %s: on the promised day only, not at 07:59 or 20:00 local time, sent at 08:00 and 19:59, once", async (zone) => {
    const loan = await late(PROVINCE[zone]);
    const day = addDays(TODAY, 3);
    const morning = await promise(loan.accountId, day);
    const evening = await promise(loan.accountId, addDays(day, 1));
    const ids = [morning, evening];
    expect(await remindedAt(local(addDays(day, -1), "12:00", zone), ids)).toEqual([]);
    expect(await remindedAt(local(day, "07:59", zone), ids)).toEqual([]);
    expect(await remindedAt(local(day, "08:00", zone), ids)).toEqual([morning]);
    expect(await remindedAt(local(day, "13:00", zone), ids)).toEqual([]);
    expect(await remindedAt(local(addDays(day, 1), "20:00", zone), ids)).toEqual([]);
    expect(await remindedAt(local(addDays(day, 1), "19:59", zone), ids)).toEqual([evening]);
    // Its date passed unreminded would stay so: the day after, nothing.
    expect(await remindedAt(local(addDays(day, 2), "10:00", zone), ids)).toEqual([]);
    const stored = await database.db.select().from(schema.promiseReminders).where(eq(schema.promiseReminders.promiseId, morning));
    expect(stored.map((r) => [r.localDate, r.timeZone, r.sentAt.toISOString()])).toEqual([[day, zone, local(day, "08:00", zone).toISOString()]]);
    await close(loan.accountId);
  });

  it("tells the borrower by notice, e-mail and SMS the amount, the date, what is left to pay and the virtual account", async () => {
    const loan = await late(PROVINCE.WIB);
    const id = await promise(loan.accountId, "2026-03-05", 500_000);
    // 150,000 paid since the promise was made: 350,000 left.
    const va = loan.virtualAccounts[0]!;
    await receivePayment(database.db, { channel: va.channel, virtualAccountNumber: va.number, amount: 150_000, gatewayTransactionId: "janji-1", businessDate: "2026-03-03", source: "gateway" }, { platformFeePpm: 100_000 });
    await choosePaymentChannel(database.db, { accountId: loan.accountId, customerId: loan.borrowerId, channel: "bca_va" });
    const bca = loan.virtualAccounts.find((v) => v.channel === "bca_va")!;
    mails.length = 0;
    texts.length = 0;
    expect(await remindedAt(local("2026-03-05", "09:00", "WIB"), [id])).toEqual([id]);
    const title = "Pengingat janji bayar hari ini";
    const body = `Anda berjanji membayar Rp 500.000 untuk pinjaman Anda paling lambat hari ini, 5 Mar 2026. Yang belum dibayar: Rp 350.000. Bayar melalui Virtual Account BCA nomor ${bca.number}.`;
    const [borrower] = await database.db.select().from(schema.customers).where(eq(schema.customers.id, loan.borrowerId));
    expect(mails).toEqual([{ to: loan.email, subject: title, body }]);
    expect(texts).toEqual([{ to: borrower!.phone, body: `Pinjaman: ${title}. ${body}` }]);
    const notices = await database.db.select().from(schema.customerNotices).where(eq(schema.customerNotices.customerId, loan.borrowerId));
    expect(notices.filter((n) => n.title === title).map((n) => n.body)).toEqual([body]);
    // Run again the same day (another hour, another instance): nothing more.
    expect(await remindedAt(local("2026-03-05", "10:00", "WIB"), [id])).toEqual([]);
    expect(mails).toHaveLength(1);
    await close(loan.accountId);
  });

  it("sends nothing for a promise already kept (paid in full before its date) or for a loan no longer active", async () => {
    const kept = await late(PROVINCE.WITA);
    const keptId = await promise(kept.accountId, "2026-03-06", 200_000);
    const va = kept.virtualAccounts[0]!;
    await receivePayment(database.db, { channel: va.channel, virtualAccountNumber: va.number, amount: 200_000, gatewayTransactionId: "janji-2", businessDate: "2026-03-04", source: "gateway" }, { platformFeePpm: 100_000 });
    const closed = await late(PROVINCE.WIB);
    const closedId = await promise(closed.accountId, "2026-03-06");
    await close(closed.accountId);
    expect(await remindedAt(local("2026-03-06", "12:00", "WITA"), [keptId, closedId])).toEqual([]);
    expect(await database.db.select().from(schema.promiseReminders).where(eq(schema.promiseReminders.promiseId, keptId))).toEqual([]);
    await close(kept.accountId);
  });

  it("two runs at once (two instances) remind a promise once", async () => {
    const loan = await late(PROVINCE.WIT);
    const id = await promise(loan.accountId, "2026-03-07");
    const at = local("2026-03-07", "11:00", "WIT");
    const results = await Promise.all([run(at), run(at), run(at)]);
    expect(results.flat().filter((s) => s.promiseId === id)).toHaveLength(1);
    expect(await database.db.select().from(schema.promiseReminders).where(eq(schema.promiseReminders.promiseId, id))).toHaveLength(1);
    await close(loan.accountId);
  });
});
