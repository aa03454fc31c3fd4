import { describe, expect, it } from "vitest";
import { permissionsOf, STAFF_PERMISSIONS, STAFF_ROLE_PERMISSIONS } from "./staff.ts";

describe("staff permissions", () => {
  it("gives an admin everything and an operator no approval of a colleague's request nor platform changes", () => {
    expect(permissionsOf(["admin"])).toEqual([...STAFF_PERMISSIONS]);
    const operator = permissionsOf(["operator"]);
    for (const permission of ["write_offs.approve", "ledger_adjustments.approve", "customers.block", "products.manage", "config.manage", "api_keys.manage", "tkb.manage", "audit.read"] as const) {
      expect(operator).not.toContain(permission);
    }
    expect(operator).toContain("write_offs.request");
  });

  it("grants nothing for customer roles and unions staff roles in catalogue order", () => {
    expect(permissionsOf(["primary", "modifier"])).toEqual([]);
    expect(permissionsOf(["operator", "primary"])).toEqual([...STAFF_ROLE_PERMISSIONS.operator]);
    expect(permissionsOf(["operator", "admin"])).toEqual([...STAFF_PERMISSIONS]);
  });
});
