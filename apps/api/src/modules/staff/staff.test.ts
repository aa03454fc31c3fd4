import { schema } from "@pinjaman/db";
import { STAFF_PERMISSIONS } from "@pinjaman/domain/staff";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor } from "../identity/test-sessions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: "/app_api/v1/staff/me", headers });

describe("GET app_api/v1/staff/me", () => {
  it("names the operator's role and the day-to-day permissions, without approving or changing the platform", async () => {
    const operator = await sessionFor(t.app.db, "operator@pinjaman.test");
    const res = await me(operator.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: operator.customerId, name: "Dewi Operator", email: "operator@pinjaman.test", roles: ["operator"] });
    expect(data.permissions).toContain("applications.review");
    expect(data.permissions).toContain("write_offs.request");
    expect(data.permissions).not.toContain("write_offs.approve");
    expect(data.permissions).not.toContain("products.manage");
  });

  it("gives the admin every permission", async () => {
    const admin = await sessionFor(t.app.db, "admin@pinjaman.test");
    const res = await me(admin.headers);
    expect(res.json().data).toMatchObject({ roles: ["admin"], permissions: [...STAFF_PERMISSIONS] });
  });

  it("refuses a customer with 403 and nobody with 401", async () => {
    const budi = await sessionFor(t.app.db, "budi@pinjaman.test");
    expect((await me(budi.headers)).statusCode).toBe(403);
    expect((await me()).statusCode).toBe(401);
  });

  it("acts only in the role chosen by X-Role: a staff member choosing a customer role is no staff", async () => {
    const [customer] = await t.app.db.select().from(schema.customers).where(eq(schema.customers.email, "operator@pinjaman.test"));
    const [primary] = await t.app.db.insert(schema.customerRoles).values({ customerId: customer!.id, typeKey: "primary" }).returning();
    const operator = await sessionFor(t.app.db, "operator@pinjaman.test");
    expect((await me({ ...operator.headers, "x-role": primary!.id })).statusCode).toBe(403);
    expect((await me({ ...operator.headers, "x-role": operator.roles.operator! })).statusCode).toBe(200);
    await t.app.db.delete(schema.customerRoles).where(eq(schema.customerRoles.id, primary!.id));
  });
});

describe("staff routes", () => {
  it("refuses an operator an admin-only action with 403 and lets the admin through", async () => {
    const operator = await sessionFor(t.app.db, "operator@pinjaman.test");
    const admin = await sessionFor(t.app.db, "admin@pinjaman.test");
    const snapshot = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/app_api/v1/tkb_snapshots", headers: { ...headers, "x-locale": "id", "content-type": "application/json" }, payload: { data: {} } });
    const refused = await snapshot(operator.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: "forbidden_role", message: "Peran Anda tidak berwenang untuk tindakan ini." });
    expect([201, 409]).toContain((await snapshot(admin.headers)).statusCode);
  });
});
