import { schema } from "@pinjaman/db";
import { hasChannelFormat, SANDBOX_CHANNEL_CODES, VIRTUAL_ACCOUNT_CHANNELS } from "@pinjaman/domain/virtual-accounts";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { rowCounts } from "../../../test/harness.ts";
import { loanInDisbursalFor } from "../disbursal/loan-test-kit.ts";
import { openVirtualAccounts } from "./virtual-accounts.ts";

const t = appWithSessions({ budi: "budi@pinjaman.test" });

const open = (accountId: string) => t.app.db.transaction((tx) => openVirtualAccounts(tx, accountId, SANDBOX_CHANNEL_CODES));

describe(`openVirtualAccounts (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("opens one VA per channel, numbered as each bank does from one sequence value", async () => {
    const { accountId } = await loanInDisbursalFor(t.app.db, t.budi.customerId);
    const vas = await open(accountId);
    expect(vas.map((va) => va.channel)).toEqual([...VIRTUAL_ACCOUNT_CHANNELS]);
    const byChannel = Object.fromEntries(vas.map((va) => [va.channel, va.number]));
    const n = byChannel.bca_va!.slice(5);
    expect(n).toMatch(/^\d{11}$/);
    const customerNumber = Number(n);
    expect(byChannel).toEqual({
      bca_va: `39358${String(customerNumber).padStart(11, "0")}`,
      bni_va: `98881234${String(customerNumber).padStart(8, "0")}`,
      bri_va: `77777${String(customerNumber).padStart(10, "0")}`,
      mandiri_va: `88908${String(customerNumber).padStart(11, "0")}`,
      permata_va: `8528${String(customerNumber).padStart(12, "0")}`,
      cimb_va: `5919${String(customerNumber).padStart(12, "0")}`,
    });
    for (const va of vas) expect(hasChannelFormat(va.channel, va.number)).toBe(true);
    expect(byChannel.bni_va).toHaveLength(16);
    expect(byChannel.bri_va).toHaveLength(15);
  });

  it("is idempotent: a second call opens nothing and returns the same numbers", async () => {
    const { accountId } = await loanInDisbursalFor(t.app.db, t.budi.customerId);
    const first = await open(accountId);
    const before = await rowCounts(t.database);
    expect(await open(accountId)).toEqual(first);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("refuses an investment account or an unknown one with 404, opening nothing", async () => {
    const [investment] = await t.app.db.insert(schema.accounts).values({ customerId: t.budi.customerId, typeKey: "investment", status: "active" }).returning();
    const before = await rowCounts(t.database);
    for (const id of [investment!.id, "00000000-0000-4000-8000-000000000000"]) {
      await expect(open(id)).rejects.toMatchObject({ status: 404, code: "account_not_found" });
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("twelve loans opened at once, each twice in parallel: six VAs each, no number twice on a channel", async () => {
    const ids: string[] = [];
    for (let k = 0; k < 12; k++) ids.push((await loanInDisbursalFor(t.app.db, t.budi.customerId)).accountId);
    await Promise.all([...ids, ...ids].map((id) => open(id)));
    const rows = await t.app.db.select().from(schema.virtualAccounts).where(inArray(schema.virtualAccounts.accountId, ids));
    expect(rows).toHaveLength(12 * VIRTUAL_ACCOUNT_CHANNELS.length);
    for (const id of ids) expect(rows.filter((r) => r.accountId === id).map((r) => r.channel).sort()).toEqual([...VIRTUAL_ACCOUNT_CHANNELS].sort());
    for (const channel of VIRTUAL_ACCOUNT_CHANNELS) {
      const numbers = rows.filter((r) => r.channel === channel).map((r) => r.number);
      expect(new Set(numbers).size).toBe(12);
    }
    // One customer number per account, shared by its channels.
    for (const id of ids) {
      const own = rows.filter((r) => r.accountId === id);
      expect(new Set(own.map((r) => Number(r.number.slice(-8)))).size).toBe(1);
    }
    const all = await t.app.db.select({ n: schema.virtualAccounts.number }).from(schema.virtualAccounts).where(eq(schema.virtualAccounts.channel, "bca_va"));
    expect(new Set(all.map((r) => r.n)).size).toBe(all.length);
  });
});
