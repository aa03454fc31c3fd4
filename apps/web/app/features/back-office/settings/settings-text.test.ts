import { API_KEY_SCOPES } from "@pinjaman/domain/api-key-scopes";
import { CUSTOMER_AUDIT_TYPES, STAFF_ACTION_CODES } from "@pinjaman/domain/audit-actions";
import { afterEach, describe, expect, it, vi } from "vitest";
import { actionName, scopeName } from "./settings-text.ts";

describe("the settings pages' names of codes", () => {
  afterEach(() => vi.restoreAllMocks());

  it("name every audit action the API can write in Indonesian", () => {
    const codes = [...CUSTOMER_AUDIT_TYPES, ...STAFF_ACTION_CODES];
    expect(codes.filter((code) => actionName(code) === code)).toEqual([]);
    expect(actionName("login_succeeded")).toBe("Masuk berhasil");
    expect(actionName("customer.personal_data.read")).toBe("Data pribadi nasabah dibuka");
    expect(new Set(codes.map(actionName)).size).toBe(codes.length);
  });

  it("name every API key scope in Indonesian", () => {
    expect(API_KEY_SCOPES.filter((scope) => scopeName(scope) === scope)).toEqual([]);
    expect(scopeName("customer_list")).toBe("Daftar nasabah");
  });

  it("show an unknown code, or a section of the catalogue, as it is without a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(actionName("legacy.cleanup")).toBe("legacy.cleanup");
    expect(actionName("customer")).toBe("customer");
    expect(scopeName("payments")).toBe("payments");
    expect(warn).not.toHaveBeenCalled();
  });
});
