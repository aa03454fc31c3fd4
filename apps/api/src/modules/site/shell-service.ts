import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { ShellData } from "@pinjaman/contracts/site";
import { businessNow } from "../business-clock/business-clock.ts";
import { latestTkb } from "../company/tkb-service.ts";

/** What every page's shell shows: company facts, the TKB indicator, the sandbox flag, the business date. */
export async function loadShellData(db: Db, sandbox: boolean): Promise<ShellData> {
  const [[company], tkb, now] = await Promise.all([db.select().from(schema.companyConfig).limit(1), latestTkb(db), businessNow(db, { sandbox })]);
  if (!company) throw new Error("company_config is empty: the database was not seeded");
  const { id: _id, updatedAt: _updatedAt, ...info } = company;
  return { company: info, tkb, sandbox, businessDate: now.date };
}
