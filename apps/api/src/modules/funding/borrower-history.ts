import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * What lenders may know of a borrower (issue 9), as SQL expressions on the borrower's customer id
 * `customerId`: the province and city names of their address (KYC chain codes), the loans we paid
 * out to them, and their instalments paid by the due date or after. Never their name, NIK,
 * contacts or street address.
 */
export function borrowerHistory(customerId: SQL | AnyColumn) {
  return {
    region: sql<string | null>`(select r.name from customer_profiles cp join address_regions r on r.code = cp.kyc ->> 'region' where cp.customer_id = ${customerId})`,
    city: sql<string | null>`(select c.name from customer_profiles cp join address_cities c on c.code = cp.kyc ->> 'city' where cp.customer_id = ${customerId})`,
    earlierLoans: sql<number>`(select count(*)::int from accounts l where l.customer_id = ${customerId} and l.type_key = 'loan' and l.activated_on is not null)`,
    activeLoans: sql<number>`(select count(*)::int from accounts l where l.customer_id = ${customerId} and l.type_key = 'loan' and l.status = 'active')`,
    paidOnTime: sql<number>`(select count(*)::int from invoices iv join accounts l on l.id = iv.account_id
      where l.customer_id = ${customerId} and iv.status = 'paid' and iv.paid_on <= iv.due_on)`,
    paidLate: sql<number>`(select count(*)::int from invoices iv join accounts l on l.id = iv.account_id
      where l.customer_id = ${customerId} and iv.status = 'paid' and iv.paid_on > iv.due_on)`,
  };
}

/** The contract's borrowerFacts from a row holding borrowerHistory's values. */
export function borrowerFactsOf(
  customerId: string,
  row: {
    region: string | null;
    city: string | null;
    earlierLoans: number;
    paidOnTime: number;
    paidLate: number;
  },
) {
  return {
    customer_id: customerId,
    region: row.region,
    city: row.city,
    earlier_loans: Number(row.earlierLoans),
    paid_on_time: Number(row.paidOnTime),
    paid_late: Number(row.paidLate),
  };
}
