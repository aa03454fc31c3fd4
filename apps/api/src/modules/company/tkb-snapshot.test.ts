import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANY_API_KEY } from "../../config.ts";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { tkbSnapshotJob } from "../../jobs/definitions/tkb-snapshot.ts";
import { runOccurrence } from "../../jobs/job-occurrence.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { loadShellData } from "../site/shell-service.ts";

const log = pino({ level: "silent" });
const SEED = [
  { name: "TKB0", percentage: "92.14" },
  { name: "TKB30", percentage: "96.58" },
  { name: "TKB60", percentage: "98.02" },
  { name: "TKB90", percentage: "98.87" },
];

describe(`TKB from the live book (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let t: TestApp;
  let budi: TestSession;
  let admin: TestSession;
  beforeAll(async () => {
    t = await testApp();
    budi = await sessionFor(t.app.db, "budi@pinjaman.test");
    admin = await sessionFor(t.app.db, "admin@pinjaman.test");
  });
  afterAll(() => t.close());

  const tkbPhp = async () => (await t.app.inject({ method: "GET", url: `/tkb.php?key=${SANDBOX_COMPANY_API_KEY}` })).json();
  const takeNow = (headers: Record<string, string>) => t.app.inject({ method: "POST", url: "/app_api/v1/tkb_snapshots", headers, payload: { data: {} } });

  it("with nothing outstanding stores no snapshot: /tkb.php and the header keep serving the seed's figures", async () => {
    const res = await takeNow(admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "tkb_book_empty", message: "Belum ada pokok pinjaman berjalan, jadi TKB belum dapat dihitung." });
    expect(await runOccurrence(t.app.db, tkbSnapshotJob, { key: "2026-08-01", businessDate: "2026-08-01", at: new Date("2026-07-31T17:20:00Z") }, log)).toBe("ran");
    expect(await t.app.db.select().from(schema.tkbSnapshots).where(eq(schema.tkbSnapshots.source, "book"))).toEqual([]);
    expect((await tkbPhp()).data).toEqual(SEED);
  });

  it("the daily job computes TKB0/30/60/90 from outstanding principal by days past due, once, and /tkb.php and the header serve it", async () => {
    const loan = (effectiveOn: string) => activeLoanFor(t.app.db, budi.customerId, { effectiveOn }); // 2,000,000 in 4 instalments of 500,000
    await loan("2026-07-01"); // first due 2026-08-01: not past due on 08-01
    await loan("2026-06-15"); // 07-15 unpaid: 17 days
    await loan("2026-05-01"); // 06-01 unpaid: 61 days
    const old = await loan("2026-03-01"); // 04-01 paid, 05-01 unpaid: 92 days; 1,500,000 outstanding
    const [first] = old.invoices;
    await t.app.db.update(schema.invoices).set({ status: "paid", paidPrincipal: first!.principal, paidInterest: first!.interest }).where(eq(schema.invoices.id, first!.id));
    // Outstanding 7,500,000; > 0 days 5,500,000 (73.33 %); > 30 and > 60 days 3,500,000 (46.67 %); > 90 days 1,500,000 (20 %).
    const occurrence = { key: "2026-08-02", businessDate: "2026-08-01", at: new Date("2026-07-31T17:20:00Z") };
    expect(await runOccurrence(t.app.db, tkbSnapshotJob, occurrence, log)).toBe("ran");
    expect(await runOccurrence(t.app.db, tkbSnapshotJob, occurrence, log)).toBe("already_ran");
    const stored = await t.app.db.select().from(schema.tkbSnapshots).where(eq(schema.tkbSnapshots.source, "book"));
    expect(stored.map((s) => [s.asOf, s.outstandingPrincipal, s.entries])).toEqual([
      [
        "2026-08-01",
        7_500_000,
        [
          { name: "TKB0", basisPoints: 2667 },
          { name: "TKB30", basisPoints: 5333 },
          { name: "TKB60", basisPoints: 5333 },
          { name: "TKB90", basisPoints: 8000 },
        ],
      ],
    ]);
    const served = [
      { name: "TKB0", percentage: "26.67" },
      { name: "TKB30", percentage: "53.33" },
      { name: "TKB60", percentage: "53.33" },
      { name: "TKB90", percentage: "80.00" },
    ];
    expect(await tkbPhp()).toEqual({ data: served, last_update: stored[0]!.computedAt.toISOString() });
    expect((await loadShellData(t.app.db, true)).tkb.data).toEqual(served);
  });

  it("an admin takes one on demand (kept beside the earlier ones); a customer may not", async () => {
    expect((await takeNow(budi.headers)).statusCode).toBe(403);
    const res = await takeNow(admin.headers);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.outstanding_principal).toBe(7_500_000);
    expect(data.entries).toHaveLength(4);
    expect((await tkbPhp()).last_update).toBe(data.computed_at);
    expect(await t.app.db.select().from(schema.tkbSnapshots).where(eq(schema.tkbSnapshots.source, "book"))).toHaveLength(2);
  });
});
