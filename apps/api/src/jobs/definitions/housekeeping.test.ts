import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFlowCatalogue } from "../../flows/flow-catalogue.ts";
import { testDatabase } from "../../../test/harness.ts";
import { runOccurrence } from "../job-occurrence.ts";
import { housekeepingJob } from "./housekeeping.ts";

const log = pino({ level: "silent" });
const HOUR = 60 * 60 * 1000;

describe("the daily housekeeping job", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("deletes expired sessions, unfinished progresses, links and day-old throttle windows, and nothing else, once", async () => {
    const { db } = database;
    await loadFlowCatalogue(db);
    const now = Date.now();
    const past = new Date(now - HOUR);
    const future = new Date(now + HOUR);
    const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.email, "budi@pinjaman.test"));
    const [version] = await db.select().from(schema.flowVersions).limit(1);
    if (!customer || !version) throw new Error("seed missing");
    const [auth] = await db.insert(schema.authentications).values({ methodKey: "emailpass", customerId: customer.id, status: "authenticated", ip: "127.0.0.1" }).returning();
    const session = (tokenHash: string, expiresAt: Date) => ({ authenticationId: auth!.id, customerId: customer.id, tokenHash, expiresAt });
    await db.insert(schema.sessions).values([session("hk-expired", past), session("hk-live", future)]);
    const progress = (currentStep: string, status: "in_progress" | "completed" | "cancelled" | "expired", expiresAt: Date) => ({
      flowVersionId: version.id,
      flowKey: version.flowKey,
      customerId: customer.id,
      currentStep,
      status,
      expiresAt,
    });
    await db.insert(schema.flowProgresses).values([
      progress("hk-open-expired", "in_progress", past),
      progress("hk-marked-expired", "expired", past),
      progress("hk-completed", "completed", past),
      progress("hk-cancelled", "cancelled", past),
      progress("hk-open-live", "in_progress", future),
    ]);
    const link = (tokenHash: string, expiresAt: Date) => ({ customerId: customer.id, purpose: "reset" as const, tokenHash, expiresAt });
    await db.insert(schema.passwordTokens).values([link("hk-link-expired", past), link("hk-link-live", future)]);
    await db.insert(schema.throttles).values([
      { key: "hk:old", windowStartedAt: new Date(now - 25 * HOUR), count: 9 },
      { key: "hk:recent", windowStartedAt: new Date(now - 2 * HOUR), count: 2 },
    ]);
    const customersBefore = await db.select().from(schema.customers);

    const occurrence = { key: "2030-05-01", businessDate: "2030-05-01", at: new Date("2030-04-30T18:00:00Z") };
    expect(await runOccurrence(db, housekeepingJob, occurrence, log)).toBe("ran");

    const tokenHashes = (await db.select().from(schema.sessions)).map((s) => s.tokenHash).filter((h) => h.startsWith("hk-"));
    expect(tokenHashes).toEqual(["hk-live"]);
    const steps = (await db.select().from(schema.flowProgresses)).map((p) => p.currentStep).filter((s) => s.startsWith("hk-")).sort();
    expect(steps).toEqual(["hk-cancelled", "hk-completed", "hk-open-live"]);
    const links = (await db.select().from(schema.passwordTokens)).map((l) => l.tokenHash).sort();
    expect(links).toEqual(["hk-link-live"]);
    const throttles = (await db.select().from(schema.throttles)).map((t) => t.key).filter((k) => k.startsWith("hk:"));
    expect(throttles).toEqual(["hk:recent"]);
    expect(await db.select().from(schema.customers)).toEqual(customersBefore);
    expect(await db.select().from(schema.authentications).where(eq(schema.authentications.id, auth!.id))).toHaveLength(1);

    // The same date again: recorded as run, nothing more happens.
    expect(await runOccurrence(db, housekeepingJob, occurrence, log)).toBe("already_ran");
    // Another date: the SQL is idempotent, a second pass deletes nothing that should stay.
    expect(await runOccurrence(db, housekeepingJob, { ...occurrence, key: "2030-05-02", businessDate: "2030-05-02" }, log)).toBe("ran");
    expect((await db.select().from(schema.flowProgresses)).map((p) => p.currentStep).filter((s) => s.startsWith("hk-")).sort()).toEqual([
      "hk-cancelled",
      "hk-completed",
      "hk-open-live",
    ]);
    expect((await db.select().from(schema.sessions)).map((s) => s.tokenHash).filter((h) => h.startsWith("hk-"))).toEqual(["hk-live"]);
  });

  it("runs daily at 01:00 business time", () => {
    expect(housekeepingJob.runs).toEqual({ daily: "01:00" });
  });
});
