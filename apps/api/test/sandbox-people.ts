import { schema, type Db } from "@pinjaman/db";
import { and, eq } from "drizzle-orm";

/** The seed's sandbox borrower (Budi) and lender (Sari), by customer id. */
export async function sandboxCustomerIds(db: Db): Promise<{ budi: string; sari: string }> {
  const customers = await db.select({ id: schema.customers.id, email: schema.customers.email }).from(schema.customers);
  const idOf = (email: string) => customers.find((c) => c.email === email)!.id;
  return { budi: idOf("budi@pinjaman.test"), sari: idOf("sari@pinjaman.test") };
}

/** The id of a customer's investment account (the seed gives Sari one). */
export async function investmentAccountOf(db: Db, customerId: string): Promise<string> {
  const [account] = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "investment")));
  return account!.id;
}
