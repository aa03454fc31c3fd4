import { desc, sql } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { TkbResponse } from "@pinjaman/contracts/company";

/** 9887 basis points → "98.87", by integer arithmetic. */
export function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const cents = String(bp % 100).padStart(2, "0");
  return `${whole}.${cents}`;
}

/**
 * What /tkb.php and the header show: the latest snapshot computed from the book (tkb-snapshot.ts),
 * else, until the book has one, the seed's figures.
 */
export async function latestTkb(db: Db): Promise<TkbResponse> {
  const [row] = await db
    .select()
    .from(schema.tkbSnapshots)
    .orderBy(sql`${schema.tkbSnapshots.source} = 'book' desc`, desc(schema.tkbSnapshots.computedAt), desc(schema.tkbSnapshots.id))
    .limit(1);
  if (!row) return { data: [], last_update: new Date(0).toISOString() };
  return {
    data: row.entries.map((e) => ({ name: e.name, percentage: basisPointsToPercent(e.basisPoints) })),
    last_update: row.computedAt.toISOString(),
  };
}
