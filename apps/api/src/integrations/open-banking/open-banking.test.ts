import { describe, expect, it, vi } from "vitest";
import Fastify from "fastify";
import { rowCounts, testConfig } from "../../../test/harness.ts";
import { sessionFor } from "../../modules/identity/test-sessions.ts";
import { appWithProgress, insertFlowProgress } from "../test-progress.ts";
import { sandboxOpenBankingRoutes } from "./routes.ts";

const BASE = "/pub_api/v1/open/sandbox/open_banking";

const env = appWithProgress();

describe("sandbox open banking", () => {
  it("serves the widget script that defines window.PinjamanOpenBanking", async () => {
    const response = await env.ctx.app.inject({ method: "GET", url: `${BASE}/widget.js` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.body).toContain("window.PinjamanOpenBanking = { setup: setup }");
    expect(response.body).toContain('"connect":"Hubungkan"');
    expect(response.body).toContain(`"${BASE}/connections"`);
    expect(response.body).not.toContain("innerHTML");
  });

  it("creates a connection id for an open progress", async () => {
    const response = await env.ctx.app.inject({
      method: "POST",
      url: `${BASE}/connections`,
      payload: { data: { flow_progress_id: env.progressId, customer_id: null, bank: "BCA" } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.connection_id).toMatch(/^sbx_conn_[0-9a-f]{24}$/);
  });

  it("answers 404 for an unknown progress and 400 for an unknown bank", async () => {
    const unknown = await env.ctx.app.inject({
      method: "POST",
      url: `${BASE}/connections`,
      payload: { data: { flow_progress_id: "7d1f0c1e-8f7a-4b55-9d2e-3a8c1b2d4e5f", bank: "BCA" } },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "flow_progress_not_found", message: "Formulir tidak ditemukan" });
    const badBank = await env.ctx.app.inject({
      method: "POST",
      url: `${BASE}/connections`,
      payload: { data: { flow_progress_id: env.progressId, bank: "Bank X" } },
    });
    expect(badBank.statusCode).toBe(400);
    expect(Object.keys(badBank.json().error.fields)).toEqual(["bank"]);
  });
});

describe("sandbox open banking for a signed-in customer's progress", () => {
  it("connects only for that customer: anonymous or another customer gets 404 and nothing is stored", async () => {
    const db = env.ctx.database.db;
    const budi = await sessionFor(db, "budi@pinjaman.test");
    const sari = await sessionFor(db, "sari@pinjaman.test");
    const progressId = await insertFlowProgress(db, { customerId: budi.customerId });
    const create = vi.spyOn(env.ctx.app.openBanking, "createConnection");
    const connect = (headers: Record<string, string>) =>
      env.ctx.app.inject({
        method: "POST",
        url: `${BASE}/connections`,
        headers,
        // The customer in the body is ignored: only the session counts.
        payload: { data: { flow_progress_id: progressId, customer_id: budi.customerId, bank: "BNI" } },
      });
    const before = await rowCounts(env.ctx.database);
    for (const refused of [await connect({}), await connect(sari.headers), await connect({ cookie: budi.cookie })]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toEqual({ code: "flow_progress_not_found", message: "Formulir tidak ditemukan" });
    }
    expect(create).not.toHaveBeenCalled();
    expect(await rowCounts(env.ctx.database)).toEqual(before);

    const own = await connect(budi.headers);
    expect(own.statusCode).toBe(201);
    const connection = await env.ctx.app.openBanking.findConnection(own.json().data.connection_id);
    expect(connection).toMatchObject({ flowProgressId: progressId, customerId: budi.customerId });
    expect((await connect({ cookie: budi.cookie, "x-locale": "id" })).statusCode).toBe(201);
    create.mockRestore();
  });
});

describe("outside the sandbox", () => {
  it("registers no sandbox route", async () => {
    // A whole app cannot start outside the sandbox yet (mail and SMS need providers), so the plugin alone.
    const app = Fastify();
    app.decorate("config", testConfig({ SANDBOX: "0", COMPANY_API_KEY: "a-company-key-of-16+" }));
    await app.register(sandboxOpenBankingRoutes, { prefix: "/pub_api/v1/open" });
    await app.ready();
    const response = await app.inject({ method: "GET", url: `${BASE}/widget.js` });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
