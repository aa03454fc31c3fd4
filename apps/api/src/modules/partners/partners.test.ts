import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { schema } from "@pinjaman/db";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANY_API_KEY } from "../../config.ts";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { defaultOfferSchedule } from "../offers/schedule-service.ts";
import { collectCallbacks, deliverDueCallbacks, RETRY_DELAYS_MS, SIGNATURE_HEADER, signCallback } from "./partner-callbacks.ts";
import { partnerCallbacksJob } from "../../jobs/definitions/partner-callbacks.ts";
import { NO_INTEGRATIONS } from "../../jobs/job-definition.ts";
import { ensureSandboxPartner, issuePartnerKey, SANDBOX_PARTNER } from "./partner-keys.ts";

const API = "/partner_api/v1";
const APP = "/app_api/v1";
const BROWSER = { "x-locale": "id" };

let t: TestApp;
let keyA: string;
let keyB: string;
let partnerA: string;
let partnerB: string;
let branchB: string;

const call = (method: "GET" | "POST", url: string, key: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: key ? { "x-api-key": key } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** Where a test partner's purchases are paid. */
const SETTLEMENT = { settlementBankCode: "bni", settlementAccountNumber: "0099887766", settlementAccountName: "PT Mitra Sejahtera" };

async function newPartner(name: string, callbackUrl = "https://mitra.example/callback", settlement: Partial<typeof SETTLEMENT> = SETTLEMENT) {
  const [row] = await t.app.db
    .insert(schema.partners)
    .values({ name, legalName: `PT ${name}`, contactEmail: `${name.toLowerCase()}@mitra.example`, callbackUrl, callbackSecret: `secret-${name}`, ...settlement })
    .returning();
  const { key } = await issuePartnerKey(t.app.db, row!.id);
  return { id: row!.id, key };
}

/** A customer with the KYC of an onboarding and nothing in flight: may pay a purchase. */
let nikSerial = 1;
async function kycCustomer(email: string): Promise<TestSession> {
  const [customer] = await t.app.db.insert(schema.customers).values({ name: "Rina Kusuma", email, phone: `+62812${String(Date.now()).slice(-8)}` }).returning();
  await t.app.db.insert(schema.customerRoles).values({ customerId: customer!.id, typeKey: "primary" });
  await t.app.db
    .insert(schema.customerProfiles)
    .values({
      customerId: customer!.id,
      personalCode: `32730155059${String(nikSerial++).padStart(5, "0")}`,
      fullName: "Rina Kusuma",
      birthDate: "1990-05-15",
      kyc: { employment_type: "employee", monthly_income: "5m_10m", other_platforms_count: "0", other_platforms_instalment: "none" },
      consent: {},
    });
  return sessionFor(t.app.db, email);
}

const LEAD = {
  external_id: "LEAD-001",
  product_key: "spl",
  amount: 3_000_000,
  term: 6,
  customer: { full_name: "Wati Lestari", email: "Wati.Lestari@contoh.co.id", phone: "081399990001", personal_code: "3273015505900001", birth_date: "1990-05-15" },
};
const PURCHASE = { external_id: "INV-77", merchant_name: "Toko Elektronik Jaya", item_name: "Ponsel Android 128 GB", amount: 3_500_000, discount: 500_000, term: 6 };

beforeAll(async () => {
  t = await testApp();
  ({ id: partnerA, key: keyA } = await newPartner("Alfa"));
  ({ id: partnerB, key: keyB } = await newPartner("Beta"));
  const [branch] = await t.app.db.insert(schema.partnerBranches).values({ partnerId: partnerB, name: "Cabang Bandung", city: "Bandung" }).returning();
  branchB = branch!.id;
});
afterAll(async () => {
  await t?.close();
});

describe("partner API: leads", () => {
  it("creates a lead with its link, answers the same lead for the same external id, and shows its status", async () => {
    const created = await call("POST", `${API}/leads`, keyA, { data: LEAD });
    expect(created.statusCode).toBe(201);
    const lead = created.json().data;
    expect(lead).toMatchObject({ external_id: "LEAD-001", product_key: "spl", flow_key: "installment_loan_chilimoney_subflow_lead_based", status: "open", application: null });
    expect(lead.url).toBe(`${t.app.config.publicOrigin}/leads/${lead.id}`);
    const again = await call("POST", `${API}/leads`, keyA, { data: { ...LEAD, amount: 5_000_000 } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(lead.id);
    const read = await call("GET", `${API}/leads/${lead.id}`, keyA);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.status).toBe("open");
  });

  it("refuses bad input with field messages and stores nothing", async () => {
    const before = await rowCounts(t.database);
    const cases: [unknown, number, string][] = [
      [{ ...LEAD, external_id: undefined }, 400, "external_id"],
      [{ ...LEAD, external_id: "X1", customer: { personal_code: "12345" } }, 400, "customer.personal_code"],
      [{ ...LEAD, external_id: "X2", customer: { nik: "3273015505900001" } }, 400, "customer"],
      [{ ...LEAD, external_id: "X3", amount: 123 }, 422, "amount"],
      [{ ...LEAD, external_id: "X4", term: 13 }, 422, "term"],
      [{ ...LEAD, external_id: "X5", product_key: "nope" }, 422, "product_key"],
      // Partner B's branch is not partner A's.
      [{ ...LEAD, external_id: "X6", branch_id: branchB }, 422, "branch_id"],
    ];
    for (const [data, status, field] of cases) {
      const res = await call("POST", `${API}/leads`, keyA, { data });
      expect(res.statusCode, JSON.stringify(data)).toBe(status);
      expect(JSON.stringify(res.json().error.fields ?? {}), res.body).toContain(field.split(".").pop()!);
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("refuses calls without a partner key, with a company key, a revoked key, or for another partner's lead (404)", async () => {
    const lead = (await call("POST", `${API}/leads`, keyA, { data: { ...LEAD, external_id: "LEAD-ACCESS" } })).json().data;
    expect((await call("GET", `${API}/leads/${lead.id}`, null)).statusCode).toBe(401);
    expect((await call("GET", `${API}/leads/${lead.id}`, SANDBOX_COMPANY_API_KEY)).statusCode).toBe(401);
    expect((await call("POST", `${API}/leads`, null, { data: LEAD })).statusCode).toBe(401);
    const other = await call("GET", `${API}/leads/${lead.id}`, keyB);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("Wati");
    // A rotated key stops working at once.
    const { key: newer } = await issuePartnerKey(t.app.db, partnerA);
    expect((await call("GET", `${API}/leads/${lead.id}`, keyA)).statusCode).toBe(401);
    expect((await call("GET", `${API}/leads/${lead.id}`, newer)).statusCode).toBe(200);
    keyA = newer;
  });

  it("opens the lead in its subflow prefilled, the same progress on a second visit; the subflow cannot be started otherwise", async () => {
    const lead = (await call("POST", `${API}/leads`, keyA, { data: { ...LEAD, external_id: "LEAD-FLOW" } })).json().data;
    const opened = await t.app.inject({ method: "POST", url: `${APP}/leads/${lead.id}/flow_progress`, headers: BROWSER });
    expect(opened.statusCode).toBe(200);
    const { flow_key, flow_progress_id } = opened.json().data;
    expect(flow_key).toBe("installment_loan_chilimoney_subflow_lead_based");
    const again = await t.app.inject({ method: "POST", url: `${APP}/leads/${lead.id}/flow_progress`, headers: BROWSER });
    expect(again.json().data.flow_progress_id).toBe(flow_progress_id);

    const edit = await t.app.inject({ method: "GET", url: `${APP}/flow_progresses/${flow_progress_id}/edit` });
    expect(edit.statusCode).toBe(200);
    const step = edit.json().data.step;
    expect(step.key).toBe("calculator");
    const value = (key: string) => step.fields.find((f: { key: string }) => f.key === key)?.current_value;
    expect(value("amount")).toBe(3_000_000);
    expect(value("term")).toBe(6);
    const moved = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${flow_progress_id}/move/next`, headers: BROWSER, payload: { data: { values: {} } } });
    expect(moved.statusCode, moved.body).toBe(200);
    const account = moved.json().data.step;
    expect(account.key).toBe("account");
    expect(account.fields.find((f: { key: string }) => f.key === "email").current_value).toBe("wati.lestari@contoh.co.id");
    expect(account.fields.find((f: { key: string }) => f.key === "phone").current_value).toBe("+6281399990001");
    expect((await call("GET", `${API}/leads/${lead.id}`, keyA)).json().data.status).toBe("in_progress");

    for (const url of [`/pub_api/v1/open/flows/${flow_key}/flow_progresses`, `${APP}/flows/${flow_key}/flow_progresses`]) {
      expect((await t.app.inject({ method: "POST", url, headers: BROWSER, payload: { data: {} } })).statusCode).toBe(404);
    }
    const listed = (await t.app.inject({ method: "GET", url: `${APP}/flows` })).json().data.map((f: { key: string }) => f.key);
    expect(listed).toContain("spl_onboarding");
    for (const key of [flow_key, "chilimoney_spl", "hayman_s_partners_creation"]) expect(listed).not.toContain(key);
    // The brand's flows start by their key (its links), like spl_onboarding.
    for (const key of ["chili_money_onboarding", "chilimoney_spl", "chilimoney_onboarding"]) {
      const started = await t.app.inject({ method: "POST", url: `/pub_api/v1/open/flows/${key}/flow_progresses`, payload: { data: {} } });
      expect(started.statusCode, key).toBe(201);
      expect(started.json().data.step.key).toBe("calculator");
    }
  });

  it("sends unknown, another customer's and used leads to their failure pages' codes", async () => {
    const unknown = await t.app.inject({ method: "POST", url: `${APP}/leads/00000000-0000-4000-8000-000000000001/flow_progress`, headers: BROWSER });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("lead_invalid");

    const lead = (await call("POST", `${API}/leads`, keyA, { data: { ...LEAD, external_id: "LEAD-OWNED" } })).json().data;
    const rina = await kycCustomer("rina.lead@contoh.co.id");
    const mine = await t.app.inject({ method: "POST", url: `${APP}/leads/${lead.id}/flow_progress`, headers: { ...rina.headers, ...BROWSER } });
    expect(mine.statusCode).toBe(200);
    const progress = mine.json().data.flow_progress_id;
    // Signed in, the account step is skipped.
    const [row] = await t.app.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, progress));
    expect(row!.customerId).toBe(rina.customerId);
    const stranger = await t.app.inject({ method: "POST", url: `${APP}/leads/${lead.id}/flow_progress`, headers: BROWSER });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.code).toBe("lead_auth_error");

    await t.app.db.update(schema.flowProgresses).set({ status: "completed" }).where(eq(schema.flowProgresses.id, progress));
    const used = await t.app.inject({ method: "POST", url: `${APP}/leads/${lead.id}/flow_progress`, headers: { ...rina.headers, ...BROWSER } });
    expect(used.statusCode).toBe(410);
    expect(used.json().error.code).toBe("lead_invalid");
  });
});

describe("partner API: purchases and paying one", () => {
  let purchaseId: string;

  it("creates a purchase, and the customer's page shows the offer of the one schedule function", async () => {
    const created = await call("POST", `${API}/purchases`, keyB, { data: { ...PURCHASE, branch_id: branchB } });
    expect(created.statusCode, created.body).toBe(201);
    const purchase = created.json().data;
    purchaseId = purchase.id;
    expect(purchase).toMatchObject({ merchant_name: "Toko Elektronik Jaya", amount: 3_500_000, discount: 500_000, term: 6, status: "open", branch_id: branchB });
    expect(purchase.url).toBe(`${t.app.config.publicOrigin}/purchase/${purchase.id}`);

    const detail = await t.app.inject({ method: "GET", url: `/pub_api/v1/open/purchases/${purchase.id}` });
    expect(detail.statusCode).toBe(200);
    const offer = await defaultOfferSchedule(t.app.db, "spl", { amount: 3_000_000, term: 6 }, (await import("@pinjaman/domain")).jakartaToday());
    expect(detail.json().data).toMatchObject({
      item_name: "Ponsel Android 128 GB",
      amount: 3_500_000,
      discount: 500_000,
      financed: 3_000_000,
      term: 6,
      monthly_instalment: offer.monthly_instalment,
      total_interest: offer.total_interest,
      daily_rate_ppm: offer.daily_rate_ppm,
      status: "open",
    });
    expect(detail.json().data.product_name.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: "GET", url: "/pub_api/v1/open/purchases/00000000-0000-4000-8000-000000000002" })).statusCode).toBe(404);
  });

  it("refuses bad purchases with field messages and stores nothing", async () => {
    const before = await rowCounts(t.database);
    const cases: [unknown, number, string][] = [
      [{ ...PURCHASE, external_id: "B1", discount: 3_500_000 }, 400, "discount"],
      [{ ...PURCHASE, external_id: "B2", amount: -5 }, 400, "amount"],
      [{ ...PURCHASE, external_id: "B3", amount: 3_200_000 }, 422, "amount"],
      [{ ...PURCHASE, external_id: "B4", merchant_name: "" }, 400, "merchant_name"],
      [{ ...PURCHASE, external_id: "B5", term: 0 }, 400, "term"],
    ];
    for (const [data, status, field] of cases) {
      const res = await call("POST", `${API}/purchases`, keyB, { data });
      expect(res.statusCode, JSON.stringify(data)).toBe(status);
      expect(Object.keys(res.json().error.fields ?? {}).join(","), res.body).toContain(field);
    }
    const discount = await call("POST", `${API}/purchases`, keyB, { data: { ...PURCHASE, external_id: "B6", discount: 4_000_000 } });
    expect(discount.json().error.fields).toEqual({ discount: ["Diskon harus lebih kecil dari harga"] });
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await call("GET", `${API}/purchases/${purchaseId}`, keyA)).statusCode).toBe(404);
    expect((await call("GET", `${API}/purchases/${purchaseId}`, null)).statusCode).toBe(401);
  });

  it("lets a signed-in customer with KYC pay: the purchase becomes their application; refuses others and a second payment", async () => {
    const pay = (session: TestSession | null, id = purchaseId) =>
      t.app.inject({ method: "POST", url: `${APP}/purchases/${id}/payments`, headers: { ...(session?.headers ?? {}), ...BROWSER }, payload: { data: { agree: true } } });
    expect((await pay(null)).statusCode).toBe(401);
    const sari = await sessionFor(t.app.db, "sari@pinjaman.test");
    const lender = await pay(sari);
    expect(lender.statusCode).toBe(409);
    const [noKyc] = await t.app.db.insert(schema.customers).values({ name: "Baru", email: "baru@contoh.co.id", phone: "+6281200000999" }).returning();
    const fresh = await sessionFor(t.app.db, noKyc!.email);
    const refused = await pay(fresh);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("kyc_required");

    const rina = await kycCustomer("rina.beli@contoh.co.id");
    const paid = await pay(rina);
    expect(paid.statusCode, paid.body).toBe(201);
    const { account_application_id } = paid.json().data;
    const [application] = await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, account_application_id));
    expect(application).toMatchObject({ amount: 3_000_000, term: 6 });
    const [account] = await t.app.db.select().from(schema.accounts).where(eq(schema.accounts.id, application!.accountId));
    expect(account!.customerId).toBe(rina.customerId);
    const second = await pay(rina);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("purchase_paid");
    const status = (await call("GET", `${API}/purchases/${purchaseId}`, keyB)).json().data;
    expect(status.status).toBe("paid");
    expect(status.application).toMatchObject({ id: account_application_id, amount: 3_000_000, term: 6, status: application!.status });
  });

  it("refuses a purchase of a partner without a settlement account: the partner's create (422), the customer's payment of an older one (409); nothing stored", async () => {
    const bare = await newPartner("Gamma", "https://mitra.example/callback", {});
    const before = await rowCounts(t.database);
    const created = await call("POST", `${API}/purchases`, bare.key, { data: { ...PURCHASE, external_id: "GAMMA-1" } });
    expect(created.statusCode).toBe(422);
    expect(created.json().error).toMatchObject({
      code: "partner_settlement_account_missing",
      message: "Mitra belum memiliki rekening penerima dana: pembelian tidak dapat dibuat. Hubungi kami untuk mendaftarkannya.",
    });
    expect(await rowCounts(t.database)).toEqual(before);

    // A purchase stored before settlement accounts were required.
    const [older] = await t.app.db
      .insert(schema.purchases)
      .values({ partnerId: bare.id, externalId: "GAMMA-OLD", merchantName: "Toko Gamma", itemName: "Kulkas", productKey: "spl", amount: 3_000_000, discount: 0, term: 6, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const wati = await kycCustomer("wati.gamma@contoh.co.id");
    const beforePay = await rowCounts(t.database);
    const paid = await t.app.inject({ method: "POST", url: `${APP}/purchases/${older!.id}/payments`, headers: { ...wati.headers, ...BROWSER }, payload: { data: { agree: true } } });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatchObject({
      code: "partner_settlement_account_missing",
      message: "Pembelian ini belum dapat dibayar dengan cicilan karena toko belum mendaftarkan rekening pembayaran. Silakan hubungi toko.",
    });
    expect(await rowCounts(t.database)).toEqual(beforePay);
    const [row] = await t.app.db.select().from(schema.purchases).where(eq(schema.purchases.id, older!.id));
    expect(row!.accountApplicationId).toBeNull();
  });
});

describe("signed callbacks", () => {
  let server: Server;
  const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
  let failNext = 1;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        if (failNext > 0) {
          failNext--;
          res.writeHead(500).end("down");
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("tells the partner of a decided application once, signed, retrying a failed attempt after its delay", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const partner = await newPartner("Gamma", url);
    const lead = (await call("POST", `${API}/leads`, partner.key, { data: { ...LEAD, external_id: "LEAD-CB" } })).json().data;
    const progress = (await t.app.inject({ method: "POST", url: `${APP}/leads/${lead.id}/flow_progress`, headers: BROWSER })).json().data.flow_progress_id;
    // The subflow's completion submits an application carrying the progress id (as onboarding does).
    const rina = await kycCustomer("rina.cb@contoh.co.id");
    const [account] = await t.app.db.insert(schema.accounts).values({ customerId: rina.customerId, typeKey: "loan", productKey: "spl", status: "pending" }).returning();
    const [application] = await t.app.db
      .insert(schema.accountApplications)
      .values({ accountId: account!.id, typeKey: "initial", status: "submitted", amount: 3_000_000, term: 6, dailyRatePpm: 3000, totalRepayment: 3_540_000, flowProgressId: progress, submittedOn: "2026-11-24" })
      .returning();
    expect((await call("GET", `${API}/leads/${lead.id}`, partner.key)).json().data).toMatchObject({ status: "submitted", application: { id: application!.id, status: "submitted" } });
    // Not decided yet: nothing to tell.
    const ofLead = () => t.app.db.select().from(schema.partnerCallbacks).where(eq(schema.partnerCallbacks.subjectId, lead.id));
    await collectCallbacks(t.app.db);
    expect(await ofLead()).toEqual([]);

    await t.app.db.update(schema.accountApplications).set({ status: "rejected", rejectionReason: "income_ratio" }).where(eq(schema.accountApplications.id, application!.id));
    await collectCallbacks(t.app.db);
    expect(await ofLead()).toHaveLength(1);
    expect(await collectCallbacks(t.app.db)).toBe(0);
    // The purchase paid above was decided at once: its partner (Beta, an unreachable address) is told too.
    const [purchaseCallback] = await t.app.db.select().from(schema.partnerCallbacks).where(eq(schema.partnerCallbacks.subjectType, "purchase"));
    expect(purchaseCallback).toMatchObject({ partnerId: partnerB, state: "pending" });
    await t.app.db.update(schema.partnerCallbacks).set({ nextAttemptAt: new Date(Date.now() + 86_400_000) }).where(eq(schema.partnerCallbacks.id, purchaseCallback!.id));

    const now = new Date();
    const first = await deliverDueCallbacks(t.app.db, { now });
    expect(first).toEqual([expect.objectContaining({ delivered: false, error: "HTTP 500" })]);
    const [pending] = await t.app.db.select().from(schema.partnerCallbacks).where(eq(schema.partnerCallbacks.subjectId, lead.id));
    expect(pending).toMatchObject({ state: "pending", attempts: 1, lastError: "HTTP 500" });
    expect(pending!.nextAttemptAt.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[0]!);
    // Before the delay, nothing is sent again.
    const early = await deliverDueCallbacks(t.app.db, { now: new Date(now.getTime() + 30_000) });
    expect(early.find((r) => r.id === pending!.id)).toBeUndefined();
    const later = await deliverDueCallbacks(t.app.db, { now: new Date(now.getTime() + RETRY_DELAYS_MS[0]! + 1000) });
    expect(later.find((r) => r.id === pending!.id)).toMatchObject({ delivered: true });
    const [delivered] = await t.app.db.select().from(schema.partnerCallbacks).where(eq(schema.partnerCallbacks.id, pending!.id));
    expect(delivered).toMatchObject({ state: "delivered", attempts: 2 });

    const last = received[received.length - 1]!;
    const body = JSON.parse(last.body);
    expect(body).toMatchObject({ type: "lead.decided", subject_id: lead.id, external_id: "LEAD-CB", application: { id: application!.id, status: "rejected", amount: 3_000_000, term: 6 } });
    expect(JSON.stringify(body)).not.toContain("Rina");
    const [, ts, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(last.headers[SIGNATURE_HEADER]))!;
    expect(mac).toBe(createHmac("sha256", "secret-Gamma").update(`${ts}.${last.body}`).digest("hex"));
    expect(last.headers["x-pinjaman-callback-id"]).toBe(pending!.id);
    // Both attempts carried the same callback id, so the partner can de-duplicate.
    expect(received.filter((r) => r.headers["x-pinjaman-callback-id"] === pending!.id)).toHaveLength(2);
  });

  it("is sent by the partner-callbacks job of the job runner", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/job`;
    const partner = await newPartner("Delta-Job", url);
    const purchase = (await call("POST", `${API}/purchases`, partner.key, { data: { ...PURCHASE, external_id: "JOB-1" } })).json().data;
    const rina = await kycCustomer("rina.job@contoh.co.id");
    const paid = await t.app.inject({ method: "POST", url: `${APP}/purchases/${purchase.id}/payments`, headers: { ...rina.headers, ...BROWSER }, payload: { data: { agree: true } } });
    expect(paid.statusCode, paid.body).toBe(201);
    failNext = 0;
    const tasks: ((db: typeof t.app.db) => Promise<void>)[] = [];
    const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Parameters<typeof partnerCallbacksJob.handler>[0]["log"];
    await partnerCallbacksJob.handler({ tx: t.app.db, businessDate: "2026-11-24", at: new Date(), occurrence: "2026-11-24T10:05", log, integrations: NO_INTEGRATIONS, afterCommit: (task) => tasks.push(task) });
    for (const task of tasks) await task(t.app.db);
    const [row] = await t.app.db.select().from(schema.partnerCallbacks).where(eq(schema.partnerCallbacks.subjectId, purchase.id));
    expect(row).toMatchObject({ state: "delivered", attempts: 1, subjectType: "purchase" });
    const body = JSON.parse(received.find((r) => r.headers["x-pinjaman-callback-id"] === row!.id)!.body);
    expect(body).toMatchObject({ type: "purchase.decided", subject_id: purchase.id, external_id: "JOB-1", application: { id: paid.json().data.account_application_id } });
  });

  it("gives up after the last retry", async () => {
    failNext = 100;
    // Due by the test's own clock: the database server's clock may run a little ahead of this process's.
    let at = Date.now();
    const [callback] = await t.app.db
      .insert(schema.partnerCallbacks)
      .values({ partnerId: partnerA, subjectType: "purchase", subjectId: partnerA, status: "rejected", payload: { id: "x" }, nextAttemptAt: new Date(at - 1000) })
      .returning();
    await t.app.db.update(schema.partners).set({ callbackUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/down` }).where(eq(schema.partners.id, partnerA));
    for (let i = 0; i <= RETRY_DELAYS_MS.length; i++) {
      await deliverDueCallbacks(t.app.db, { now: new Date(at) });
      at += (RETRY_DELAYS_MS[i] ?? 0) + 1000;
    }
    const [row] = await t.app.db.select().from(schema.partnerCallbacks).where(eq(schema.partnerCallbacks.id, callback!.id));
    expect(row).toMatchObject({ state: "failed", attempts: RETRY_DELAYS_MS.length + 1, lastError: "HTTP 500" });
  });
});

describe("staff: partner creation flows and keys", () => {
  it("lets an admin (partners.manage) create a partner and a branch through the flows, and issue its key, audited; a customer or an operator cannot", async () => {
    const operator = await sessionFor(t.app.db, "admin@pinjaman.test");
    const budi = await sessionFor(t.app.db, "budi@pinjaman.test");
    const dewi = await sessionFor(t.app.db, "operator@pinjaman.test");
    const start = (session: TestSession, key: string) =>
      t.app.inject({ method: "POST", url: `${APP}/flows/${key}/flow_progresses`, headers: { ...session.headers, ...BROWSER }, payload: { data: {} } });
    expect((await start(budi, "hayman_s_partners_creation")).statusCode).toBe(404);
    // The operator role does not hold partners.manage (packages/domain/src/staff.ts).
    expect((await start(dewi, "hayman_s_partners_creation_branch")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `${APP}/partners`, headers: dewi.headers })).statusCode).toBe(403);
    const started = await start(operator, "hayman_s_partners_creation");
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().data.id;
    const move = (progress: string, values: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${progress}/move/next`, headers: { ...operator.headers, ...BROWSER }, payload: { data: { values } } });
    const DELTA = { partner_name: "Delta", legal_name: "PT Delta Niaga", contact_email: "ops@delta.example", callback_url: "https://delta.example/hook" };
    const ACCOUNT = { bank_code: "bri", bank_account_number: "0021-0100-9988", bank_account_holder: "PT Delta Niaga" };
    const bad = await move(id, { ...DELTA, ...ACCOUNT, callback_url: "http://delta.example/hook" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.callback_url).toEqual(["Alamat callback harus memakai https"]);
    // The settlement account: the bank step's rules and messages.
    const badAccount = await move(id, { ...DELTA, ...ACCOUNT, bank_account_number: "12ab", bank_account_holder: "X" });
    expect(badAccount.statusCode).toBe(422);
    expect(badAccount.json().error.fields).toMatchObject({
      bank_account_number: ["Nomor rekening harus 6 sampai 20 angka."],
      bank_account_holder: ["Nama pemilik rekening hanya berisi huruf, minimal 3 karakter."],
    });
    expect((await move(id, { ...DELTA, ...ACCOUNT, bank_code: "bank_antah" })).statusCode).toBe(422);
    // The settlement account is the partner's own: its holder carries the legal name (titles, case and order aside).
    const otherHolder = await move(id, { ...DELTA, ...ACCOUNT, bank_account_holder: "Budi Hartono" });
    expect([otherHolder.statusCode, otherHolder.json().error.fields]).toEqual([422, { bank_account_holder: ["Nama pemilik rekening harus sama dengan nama badan hukum mitra: PT Delta Niaga."] }]);
    expect(await t.app.db.select().from(schema.partners).where(eq(schema.partners.name, "Delta"))).toHaveLength(0);
    const done = await move(id, { ...DELTA, ...ACCOUNT });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe("completed");
    const [delta] = await t.app.db.select().from(schema.partners).where(eq(schema.partners.name, "Delta"));
    expect(delta).toMatchObject({
      legalName: "PT Delta Niaga",
      callbackUrl: "https://delta.example/hook",
      settlementBankCode: "bri",
      settlementAccountNumber: "002101009988",
      settlementAccountName: "PT Delta Niaga",
      createdBy: operator.customerId,
    });

    const branchFlow = (await start(operator, "hayman_s_partners_creation_branch")).json().data.id;
    const branch = await move(branchFlow, { partner_id: delta!.id, branch_name: "Gerai Bandung", branch_city: "Bandung" });
    expect(branch.statusCode, branch.body).toBe(200);

    expect((await t.app.inject({ method: "POST", url: `${APP}/partners/${delta!.id}/api_keys`, headers: { ...budi.headers, ...BROWSER } })).statusCode).toBe(403);
    const issued = await t.app.inject({ method: "POST", url: `${APP}/partners/${delta!.id}/api_keys`, headers: { ...operator.headers, ...BROWSER } });
    expect(issued.statusCode, issued.body).toBe(201);
    const { api_key, callback_secret } = issued.json().data;
    expect(callback_secret).toBe(delta!.callbackSecret);
    expect((await call("POST", `${API}/leads`, api_key, { data: { ...LEAD, external_id: "DELTA-1" } })).statusCode).toBe(201);
    const list = (await t.app.inject({ method: "GET", url: `${APP}/partners`, headers: operator.headers })).json().data;
    const listed = list.find((p: { id: string }) => p.id === delta!.id);
    expect(listed.branches).toEqual([expect.objectContaining({ name: "Gerai Bandung", city: "Bandung" })]);
    expect(listed.key_prefixes).toEqual([api_key.slice(0, 12)]);
    expect(listed.settlement_account).toEqual({ bank_code: "bri", account_number: "002101009988", account_name: "PT Delta Niaga" });
    expect(JSON.stringify(list)).not.toContain(api_key);
    const audit = await t.app.db.select().from(schema.staffActions).where(eq(schema.staffActions.staffId, operator.customerId));
    expect(audit.map((a) => a.action).sort()).toEqual(["partner.api_key.issue", "partner.branch.create", "partner.create"]);
    expect(audit.every((a) => a.permission === "partners.manage")).toBe(true);
    expect(audit.find((a) => a.action === "partner.create")!.after).toMatchObject({ settlement_account: { bank_code: "bri", account_number: "002101009988", account_name: "PT Delta Niaga" } });
    expect(JSON.stringify(audit)).not.toContain(api_key);
    expect(JSON.stringify(audit)).not.toContain(delta!.callbackSecret);
  });

  it("lets an admin set a partner's settlement account, audited with before and after; refuses bad input per field and others, changing nothing", async () => {
    const admin = await sessionFor(t.app.db, "admin@pinjaman.test");
    const dewi = await sessionFor(t.app.db, "operator@pinjaman.test");
    const epsilon = await newPartner("Epsilon", "https://mitra.example/callback", {});
    const put = (session: TestSession, body: unknown, id = epsilon.id) =>
      t.app.inject({ method: "PUT", url: `${APP}/partners/${id}/settlement_account`, headers: { ...session.headers, ...BROWSER }, payload: body as object });
    const GOOD = { bank_code: "permata", account_number: "7010 2233 44", account_name: "Epsilon, PT" };

    const before = await rowCounts(t.database);
    const cases: [unknown, string[]][] = [
      [{ data: { ...GOOD, bank_code: "bank_antah" } }, ["bank_code"]],
      [{ data: { ...GOOD, account_number: "12345" } }, ["account_number"]],
      [{ data: { ...GOOD, account_name: "P1" } }, ["account_name"]],
      [{ data: { ...GOOD, account_name: "CV Lain Sekali" } }, ["account_name"]],
      [{ data: { ...GOOD, account_number: "", account_name: "" } }, ["account_number", "account_name"]],
      [{ data: { bank_code: "bca" } }, ["account_number", "account_name"]],
    ];
    for (const [body, fields] of cases) {
      const res = await put(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields).sort(), res.body).toEqual([...fields].sort());
    }
    const numberRefused = await put(admin, { data: { ...GOOD, account_number: "12345" } });
    expect(numberRefused.json().error.fields.account_number).toEqual(["Nomor rekening harus 6 sampai 20 angka."]);
    const holderRefused = await put(admin, { data: { ...GOOD, account_name: "CV Lain Sekali" } });
    expect(holderRefused.json().error.fields.account_name).toEqual(["Nama pemilik rekening harus sama dengan nama badan hukum mitra: PT Epsilon."]);
    expect((await put(dewi, { data: GOOD })).statusCode).toBe(403);
    expect((await put(admin, { data: GOOD }, "00000000-0000-4000-8000-000000000077")).statusCode).toBe(404);
    expect(await rowCounts(t.database)).toEqual(before);
    const [unchanged] = await t.app.db.select().from(schema.partners).where(eq(schema.partners.id, epsilon.id));
    expect(unchanged!.settlementBankCode).toBeNull();

    const saved = await put(admin, { data: GOOD });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: epsilon.id, settlement_account: { bank_code: "permata", account_number: "7010223344", account_name: "Epsilon, PT" } });
    // Now its purchases are accepted.
    expect((await call("POST", `${API}/purchases`, epsilon.key, { data: { ...PURCHASE, external_id: "EPS-1" } })).statusCode).toBe(201);
    const changed = await put(admin, { data: { bank_code: "bca", account_number: "5550001112", account_name: "Epsilon, PT" } });
    expect(changed.statusCode).toBe(200);
    const audit = await t.app.db
      .select()
      .from(schema.staffActions)
      .where(and(eq(schema.staffActions.subjectId, epsilon.id), eq(schema.staffActions.action, "partner.settlement_account.set")))
      .orderBy(asc(schema.staffActions.createdAt));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ staffId: admin.customerId, permission: "partners.manage", subjectType: "partner", before: null, after: { bank_code: "permata", account_number: "7010223344", account_name: "Epsilon, PT" } });
    expect(audit[1]).toMatchObject({ before: { bank_code: "permata", account_number: "7010223344" }, after: { bank_code: "bca", account_number: "5550001112" } });
  });

  it("the sandbox partner's receiver accepts our signature and refuses a forged one", async () => {
    const body = { id: "00000000-0000-4000-8000-0000000000cb", type: "lead.decided", subject_id: "00000000-0000-4000-8000-0000000000cc", external_id: "SB", application: { id: "00000000-0000-4000-8000-0000000000cd", status: "rejected", amount: 1, term: 1, rejection_reason: null }, sent_at: new Date().toISOString() };
    const text = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const send = (signature: string) => t.app.inject({ method: "POST", url: "/pub_api/v1/open/sandbox/partner_callbacks", headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature }, payload: text });
    expect((await send(signCallback(SANDBOX_PARTNER.callbackSecret, text, now))).statusCode).toBe(204);
    expect((await send(signCallback("another-secret", text, now))).statusCode).toBe(401);
    // A replay of an old signature is refused too.
    expect((await send(signCallback(SANDBOX_PARTNER.callbackSecret, text, now - 3600))).statusCode).toBe(401);
  });

  it("stores the documented sandbox partner once, with its settlement account, so its purchases are accepted", async () => {
    expect(await ensureSandboxPartner(t.app.db, "http://127.0.0.1:1/hook")).toBe(true);
    expect(await ensureSandboxPartner(t.app.db, "http://127.0.0.1:1/hook")).toBe(false);
    expect((await call("POST", `${API}/leads`, SANDBOX_PARTNER.key, { data: { ...LEAD, external_id: "SB-1" } })).statusCode).toBe(201);
    expect((await call("POST", `${API}/purchases`, SANDBOX_PARTNER.key, { data: { ...PURCHASE, external_id: "SB-P1" } })).statusCode).toBe(201);
    // A sandbox partner stored before settlement accounts gets its account on the next start.
    const [sandbox] = await t.app.db.select().from(schema.partners).where(eq(schema.partners.name, SANDBOX_PARTNER.name));
    await t.app.db.update(schema.partners).set({ settlementBankCode: null, settlementAccountNumber: null, settlementAccountName: null }).where(eq(schema.partners.id, sandbox!.id));
    expect(await ensureSandboxPartner(t.app.db, "http://127.0.0.1:1/hook")).toBe(false);
    const [again] = await t.app.db.select().from(schema.partners).where(eq(schema.partners.id, sandbox!.id));
    expect(again).toMatchObject(SANDBOX_PARTNER.settlement);
  });
});
