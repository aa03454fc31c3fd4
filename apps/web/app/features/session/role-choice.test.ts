import { describe, expect, it } from "vitest";
import { chooseRole } from "./role-choice.ts";

const PRIMARY = { id: "p", type_key: "primary" as const };
const MODIFIER = { id: "m", type_key: "modifier" as const };
const NONE = { session: null, local: null };

describe("role choice on identity load", () => {
  it("takes the role saved in sessionStorage first", () => {
    expect(chooseRole([PRIMARY, MODIFIER], { session: "p", local: "m" })).toBe("p");
  });

  it("then the one in localStorage", () => {
    expect(chooseRole([PRIMARY, MODIFIER], { session: null, local: "p" })).toBe("p");
  });

  it("then the modifier role, then primary", () => {
    expect(chooseRole([PRIMARY, MODIFIER], NONE)).toBe("m");
    expect(chooseRole([PRIMARY], NONE)).toBe("p");
  });

  it("skips saved ids that are not this customer's roles (another customer used the browser)", () => {
    expect(chooseRole([PRIMARY, MODIFIER], { session: "foreign", local: "other" })).toBe("m");
    expect(chooseRole([PRIMARY], { session: "foreign", local: "p" })).toBe("p");
  });

  it("falls back to the first role, or none", () => {
    expect(chooseRole([{ id: "op", type_key: "operator" }], NONE)).toBe("op");
    expect(chooseRole([], NONE)).toBeNull();
  });
});
