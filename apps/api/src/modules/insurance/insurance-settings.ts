import { schema, type Db } from "@pinjaman/db";
import { eq } from "drizzle-orm";

/** An investment account's automatic insurance (`automatic_insurance_investor`); off when never set. */
export async function automaticInsurance(db: Db, investmentAccountId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: schema.investmentInsuranceSettings.automaticInsuranceInvestor })
    .from(schema.investmentInsuranceSettings)
    .where(eq(schema.investmentInsuranceSettings.investmentAccountId, investmentAccountId));
  return row?.on ?? false;
}

/** Sets it (the insurance_choice_lender_account flow's completion): new investments copy it (migration 0023's trigger). */
export async function setAutomaticInsurance(tx: Db, investmentAccountId: string, on: boolean, now: Date): Promise<void> {
  await tx
    .insert(schema.investmentInsuranceSettings)
    .values({ investmentAccountId, automaticInsuranceInvestor: on, updatedAt: now })
    .onConflictDoUpdate({ target: schema.investmentInsuranceSettings.investmentAccountId, set: { automaticInsuranceInvestor: on, updatedAt: now } });
}
