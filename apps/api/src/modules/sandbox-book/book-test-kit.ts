import type { Db } from "@pinjaman/db";
import { sql } from "drizzle-orm";
import { createHash } from "node:crypto";

/**
 * The seeded book's amounts without ids or wall-clock times (tests): per customer e-mail each
 * application's terms and status, its invoices, its payments' allocations and the ledger's
 * transfers per code and business date. Equal digests: the same database content.
 */
export async function bookDigest(db: Db): Promise<{ digest: string; rows: number }> {
  const queries = [
    sql`select c.email, acc.status as account_status, a.status, a.amount, a.term, a.daily_rate_ppm, a.total_repayment, a.submitted_on, a.effective_on, a.maturity_on, acc.closed_on
        from account_applications a join accounts acc on acc.id = a.account_id join customers c on c.id = acc.customer_id`,
    sql`select c.email, i.number, i.due_on, i.principal, i.interest, i.late_fee, i.paid_principal, i.paid_interest, i.paid_late_fee, i.waived_interest, i.status
        from invoices i join accounts acc on acc.id = i.account_id join customers c on c.id = acc.customer_id`,
    sql`select c.email, p.business_date, p.amount, p.late_fee, p.interest, p.principal, p.credit, p.credit_used, p.waived_interest, p.status
        from payments p join accounts acc on acc.id = p.account_id join customers c on c.id = acc.customer_id `,
    sql`select code, business_date, mode, count(*)::int as n, sum(amount)::text as amount from ledger_transfers group by 1, 2, 3`,
    sql`select c.email, i.amount, i.status from investments i join customers c on c.id = i.customer_id `,
  ];
  const hash = createHash("sha256");
  let rows = 0;
  for (const query of queries) {
    // Each row as PostgreSQL's own text, sorted: the same on PGlite and PostgreSQL.
    const result = (await db.execute(sql`select t::text as row from (${query}) t`)) as unknown as { rows: { row: string }[] };
    rows += result.rows.length;
    hash.update(`${result.rows.map((r) => r.row).sort().join("\n")}\n--\n`);
  }
  return { digest: hash.digest("hex"), rows };
}
