import { schema } from "@pinjaman/db";
import { UTC_OFFSET_HOURS, type IndonesianTimeZone } from "@pinjaman/domain/reminder-time-zone";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/harness.ts";
import type { MailMessage } from "../../integrations/mail.ts";
import type { SmsMessage } from "../../integrations/sms.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { choosePaymentChannel } from "../invoices/virtual-accounts.ts";
import { sendDueReminders } from "./payment-reminders.ts";

/** The instant of a local wall-clock time in a zone: `local("2026-02-10", "07:59", "WITA")`. */
const local = (date: string, hhmm: string, zone: IndonesianTimeZone) =>
  new Date(Date.parse(`${date}T${hhmm}:00Z`) - UTC_OFFSET_HOURS[zone] * 60 * 60 * 1000);

/** A province in each zone: DKI Jakarta, Bali, Papua. */
const PROVINCE: Record<IndonesianTimeZone, string> = { WIB: "31", WITA: "51", WIT: "94" };

describe(`payment reminders (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const mails: MailMessage[] = [];
  const texts: SmsMessage[] = [];
  const mailer = { send: async (m: MailMessage) => void mails.push(m) };
  const sms = { send: async (m: SmsMessage) => void texts.push(m) };
  let customers = 0;

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  /** A customer living in `region` (null: no address) with an active loan whose first instalment is due 2026-02-10. */
  async function borrower(region: string | null, { phone = "+6281234567890" }: { phone?: string | null } = {}) {
    customers += 1;
    const [customer] = await database.db.insert(schema.customers).values({ name: `Peminjam ${customers}`, email: `pengingat${customers}@pinjaman.test`, phone }).returning();
    await database.db.insert(schema.customerProfiles).values({
      customerId: customer!.id,
      personalCode: `31710112${String(customers).padStart(8, "0")}`,
      fullName: customer!.name,
      birthDate: "1985-05-15",
      kyc: region === null ? {} : { region },
      consent: {},
    });
    const loan = await activeLoanFor(database.db, customer!.id, { effectiveOn: "2026-01-10" });
    return { customer: customer!, loan, invoice: loan.invoices[0]! };
  }
  const run = (at: Date) => database.db.transaction((tx) => sendDueReminders(tx, { at, mailer, sms }));
  const kindsFor = async (at: Date, invoiceId: string) => (await run(at)).filter((s) => s.invoiceId === invoiceId).map((s) => s.kind);
  const close = (accountId: string) => database.db.update(schema.accounts).set({ status: "closed" }).where(eq(schema.accounts.id, accountId));

  it.each(["WIB", "WITA", "WIT"] as const)("in %s: nothing at 07:59 and 20:00 local time, sent at 08:00 and 19:59", async (zone) => {
    const { loan, invoice } = await borrower(PROVINCE[zone]);
    expect(invoice.dueOn).toBe("2026-02-10");
    expect(await kindsFor(local("2026-02-10", "07:59", zone), invoice.id)).toEqual([]);
    expect(await kindsFor(local("2026-02-10", "08:00", zone), invoice.id)).toEqual(["due"]);
    expect(await kindsFor(local("2026-02-11", "20:00", zone), invoice.id)).toEqual([]);
    expect(await kindsFor(local("2026-02-11", "19:59", zone), invoice.id)).toEqual(["late_1"]);
    const stored = await database.db.select().from(schema.invoiceReminders).where(eq(schema.invoiceReminders.invoiceId, invoice.id));
    expect(stored.map((r) => [r.kind, r.localDate, r.timeZone]).sort()).toEqual([
      ["due", "2026-02-10", zone],
      ["late_1", "2026-02-11", zone],
    ]);
    await close(loan.accountId);
  });

  it("sends each reminder once, with a notice, an e-mail and an SMS naming the amount, the due date and the virtual account", async () => {
    const { customer, loan, invoice } = await borrower(PROVINCE.WIB);
    await choosePaymentChannel(database.db, { accountId: loan.accountId, customerId: customer.id, channel: "bca_va" });
    const va = loan.virtualAccounts.find((v) => v.channel === "bca_va");
    const noticesOf = () => database.db.select().from(schema.customerNotices).where(eq(schema.customerNotices.customerId, customer.id));
    const earlier = (await noticesOf()).map((n) => n.id); // the disbursal's
    expect(earlier).toHaveLength(1);
    mails.length = 0;
    texts.length = 0;

    expect(await kindsFor(local("2026-02-07", "09:00", "WIB"), invoice.id)).toEqual(["before_3"]);
    expect(await kindsFor(local("2026-02-07", "10:00", "WIB"), invoice.id)).toEqual([]);
    expect(await kindsFor(local("2026-02-08", "10:00", "WIB"), invoice.id)).toEqual([]);
    const amount = `Rp ${invoice.total.toLocaleString("id-ID")}`;
    const title = "Tagihan Anda jatuh tempo 10 Feb 2026";
    const body = `Cicilan ke-1 sebesar ${amount} jatuh tempo pada 10 Feb 2026. Bayar melalui Virtual Account BCA nomor ${va!.number}.`;
    expect(mails).toEqual([{ to: customer.email, subject: title, body }]);
    expect(texts).toEqual([{ to: "+6281234567890", body: `Pinjaman: ${title}. ${body}` }]);
    const notices = (await noticesOf()).filter((n) => !earlier.includes(n.id));
    expect(notices.map((n) => [n.title, n.body])).toEqual([[title, body]]);
    await close(loan.accountId);
  });

  it("follows the cadence 3 and 1 days before, on the day, then late days 1, 3, 7 and weekly; the late text counts the late fee", async () => {
    const { customer, loan, invoice } = await borrower(PROVINCE.WITA, { phone: null });
    // Without a virtual account (none open) the text sends the borrower to the loan page.
    await database.db.delete(schema.virtualAccounts).where(eq(schema.virtualAccounts.accountId, loan.accountId));
    const kinds: string[] = [];
    for (let day = 1; day <= 28; day++) {
      const date = `2026-02-${String(day).padStart(2, "0")}`;
      for (const hhmm of ["08:00", "13:00", "19:59"]) kinds.push(...(await kindsFor(local(date, hhmm, "WITA"), invoice.id)));
    }
    expect(kinds).toEqual(["before_3", "before_1", "due", "late_1", "late_3", "late_7", "late_14"]);
    await database.db.update(schema.invoices).set({ lateFee: 12_345 }).where(eq(schema.invoices.id, invoice.id));
    mails.length = 0;
    expect(await kindsFor(local("2026-03-03", "12:00", "WITA"), invoice.id)).toEqual(["late_21"]);
    expect(mails).toEqual([
      {
        to: customer.email,
        subject: "Tagihan Anda terlambat 21 hari",
        body: `Cicilan ke-1 jatuh tempo pada 10 Feb 2026 dan belum dibayar. Jumlah yang harus dibayar sekarang Rp ${(invoice.total + 12_345).toLocaleString("id-ID")}, termasuk denda keterlambatan. Lihat cara pembayaran di halaman pinjaman Anda.`,
      },
    ]);
    await close(loan.accountId);
  });

  it("sends nothing for a paid invoice; an address without a province counts as WIB", async () => {
    const { loan, invoice } = await borrower(null);
    const second = loan.invoices[1]!;
    await database.db.update(schema.invoices).set({ status: "paid", paidPrincipal: invoice.principal, paidInterest: invoice.interest }).where(eq(schema.invoices.id, invoice.id));
    expect(await kindsFor(local("2026-02-10", "12:00", "WIB"), invoice.id)).toEqual([]);
    // 07:30 WIB is 08:30 WITA: a WIB customer still waits.
    expect(await kindsFor(local("2026-03-10", "07:30", "WIB"), second.id)).toEqual([]);
    expect(await kindsFor(local("2026-03-10", "08:00", "WIB"), second.id)).toEqual(["due"]);
    await close(loan.accountId);
  });
});
