import type { CustomerDetailResponse, CustomerListRequest, CustomerListResponse, DetailsResponse, PageMeta } from "@pinjaman/contracts/company-services";
import type { Db } from "@pinjaman/db";
import { STAFF_ROLES } from "@pinjaman/domain/staff";
import { sql, type SQL } from "drizzle-orm";

/**
 * What the customer services read (decision 0023): customers who are not staff, with the roles
 * their accounts give them. Each query selects only the columns its service answers.
 */

type Row = {
  id: string;
  name: string;
  registered_at: string;
  loan_accounts: number;
  investment_accounts: number;
  active: boolean;
};

/** One row per customer (staff left out): account counts by type and whether any account is active. */
const DIRECTORY = sql`
  select c.id, c.name, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as registered_at, c.created_at,
         count(a.id) filter (where a.type_key = 'loan')::int as loan_accounts,
         count(a.id) filter (where a.type_key = 'investment')::int as investment_accounts,
         coalesce(bool_or(a.status = 'active'), false) as active
  from customers c
  left join accounts a on a.customer_id = c.id
  where not exists (select 1 from customer_roles r where r.customer_id = c.id and r.type_key in (${sql.join(STAFF_ROLES.map((role) => sql`${role}`), sql`, `)}))
  group by c.id`;

const rolesOf = (row: Pick<Row, "loan_accounts" | "investment_accounts">) =>
  [...(row.loan_accounts > 0 ? (["borrower"] as const) : []), ...(row.investment_accounts > 0 ? (["lender"] as const) : [])];

const roleCondition = (role: "borrower" | "lender") => (role === "borrower" ? sql`d.loan_accounts > 0` : sql`d.investment_accounts > 0`);

async function page(db: Db, where: SQL[], paging: { page: number; per_page: number }): Promise<{ rows: Row[]; meta: PageMeta }> {
  const condition = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const offset = (paging.page - 1) * paging.per_page;
  const [{ rows }, counted] = await Promise.all([
    db.execute(sql`with d as (${DIRECTORY}) select * from d ${condition} order by d.created_at, d.id limit ${paging.per_page} offset ${offset}`) as unknown as Promise<{ rows: Row[] }>,
    db.execute(sql`with d as (${DIRECTORY}) select count(*)::int as total from d ${condition}`) as unknown as Promise<{ rows: { total: number }[] }>,
  ]);
  return { rows, meta: { page: paging.page, per_page: paging.per_page, total: Number(counted.rows[0]?.total ?? 0) } };
}

/** POST /v1/details: customers of one role, named and dated only. */
export async function customersByRole(db: Db, request: { role_id: "borrower" | "lender"; page: number; per_page: number }): Promise<DetailsResponse> {
  const { rows, meta } = await page(db, [roleCondition(request.role_id)], request);
  return { data: rows.map((r) => ({ id: r.id, name: r.name, registered_at: r.registered_at })), meta };
}

/** POST /customerlist_v2.php: customers filtered by registration day (Jakarta), status and role. */
export async function customerList(db: Db, request: CustomerListRequest): Promise<CustomerListResponse> {
  const f = request.filters;
  const jakartaDay = sql`(d.created_at at time zone 'Asia/Jakarta')::date`;
  const where = [
    ...(f.created_from ? [sql`${jakartaDay} >= ${f.created_from}::date`] : []),
    ...(f.created_to ? [sql`${jakartaDay} <= ${f.created_to}::date`] : []),
    ...(f.status ? [f.status === "active" ? sql`d.active` : sql`not d.active`] : []),
    ...(f.role ? [roleCondition(f.role)] : []),
  ];
  const { rows, meta } = await page(db, where, request);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      roles: rolesOf(r),
      status: r.active ? ("active" as const) : ("inactive" as const),
      registered_at: r.registered_at,
      loan_accounts: r.loan_accounts,
      investment_accounts: r.investment_accounts,
    })),
    meta,
  };
}

type AccountRow = CustomerDetailResponse["data"]["accounts"][number];

/** POST /customerdetail.php: one customer and their accounts; null when unknown (or staff). */
export async function customerDetail(db: Db, customerId: string): Promise<CustomerDetailResponse | null> {
  const { rows } = (await db.execute(
    sql`with d as (${DIRECTORY}) select d.*, exists (select 1 from customer_profiles p where p.customer_id = d.id) as kyc_completed from d where d.id = ${customerId}`,
  )) as unknown as { rows: (Row & { kyc_completed: boolean })[] };
  const customer = rows[0];
  if (!customer) return null;
  const { rows: accounts } = (await db.execute(sql`
    select id, type_key, product_key, status,
           case when type_key = 'loan' then principal_balance::bigint end as principal_balance,
           activated_on::text, closed_on::text
    from accounts where customer_id = ${customerId} order by created_at, id`)) as unknown as { rows: (AccountRow & { principal_balance: string | null })[] };
  const summary: CustomerDetailResponse["data"]["summary"] = { loan: {}, investment: {} };
  for (const a of accounts) summary[a.type_key][a.status] = (summary[a.type_key][a.status] ?? 0) + 1;
  return {
    data: {
      id: customer.id,
      name: customer.name,
      registered_at: customer.registered_at,
      roles: rolesOf(customer),
      kyc_completed: customer.kyc_completed,
      accounts: accounts.map((a) => ({ ...a, principal_balance: a.principal_balance === null ? null : Number(a.principal_balance) })),
      summary,
    },
  };
}
