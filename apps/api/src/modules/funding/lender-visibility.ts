import { schema, type Db } from "@pinjaman/db";
import { and, eq, exists, or, sql, type SQL } from "drizzle-orm";

const { accountApplications: applications, investments } = schema;

/** An application open to investment: every lender may see it. */
export const openToInvestment = eq(applications.status, "waiting_for_investment");

/**
 * The applications the lender of investment account `accountId` may see: open to investment, or
 * holding one of this account's investments. Any other answers 404, as for an unknown id.
 */
export function visibleToLender(db: Db, accountId: string): SQL {
  const invested = exists(
    db
      .select({ one: sql`1` })
      .from(investments)
      .where(and(eq(investments.accountApplicationId, applications.id), eq(investments.investmentAccountId, accountId))),
  );
  return or(openToInvestment, invested)!;
}
