import { schema, type Db } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { disbursedLoan } from "../disbursal/sandbox-loans.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";

let serial = 0;

/**
 * Test fixture: a borrower living in `region` (a province code) with a loan of `amount` over
 * `term` months at 0.1 %/day, disbursed `daysAgo` days before `today` and never paid, funded by
 * one lender (or one per amount of `lenderShares`, which then add up to `amount`). Its first
 * instalment fell due about daysAgo − 30 days ago.
 */
export async function lateLoanFixture(db: Db, input: { today: string; daysAgo: number; region?: string; amount?: number; term?: number; name?: string; lenderShares?: number[] }) {
  serial += 1;
  const amount = input.amount ?? 4_000_000;
  const effectiveOn = addDays(input.today, -input.daysAgo);
  const email = `telat.${serial}.${Date.now()}@contoh.co.id`;
  const lenders = [];
  for (const [index, share] of (input.lenderShares ?? [amount]).entries()) {
    const lenderEmail = `pemberi.${serial}.${index}.${Date.now()}@contoh.co.id`;
    lenders.push({ share, email: lenderEmail, ...(await lenderWithFunds(db, lenderEmail, share, addDays(effectiveOn, -10))) });
  }
  const [borrower] = await db
    .insert(schema.customers)
    .values({ name: input.name ?? `Peminjam ${serial}`, email, phone: `+62812000${String(serial).padStart(5, "0")}` })
    .returning({ id: schema.customers.id });
  await db.insert(schema.customerRoles).values({ customerId: borrower!.id, typeKey: "primary" });
  await db.insert(schema.customerProfiles).values({
    customerId: borrower!.id,
    personalCode: `3273011505900${String(serial).padStart(3, "0")}`.slice(0, 16),
    fullName: input.name ?? `Peminjam ${serial}`,
    birthDate: "1990-05-15",
    kyc: { region: input.region ?? "31" },
    consent: {},
  });
  const loan = await disbursedLoan(db, {
    borrowerCustomerId: borrower!.id,
    lenders: lenders.map((l) => ({ customerId: l.customerId, investmentAccountId: l.accountId, amount: l.share })),
    terms: { term: input.term ?? 4, dailyRatePpm: 1000 },
    effectiveOn,
  });
  return { ...loan, borrowerId: borrower!.id, email, lender: lenders[0]!, lenders };
}
