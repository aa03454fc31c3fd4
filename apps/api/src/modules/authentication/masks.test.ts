import { describe, expect, it } from "vitest";
import { maskEmail, maskPhone } from "./masks.ts";

describe("masked destinations", () => {
  it.each([
    ["budi@pinjaman.test", "b***@pinjaman.test"],
    ["a@b.id", "a***@b.id"],
    ["nonsense", "***"],
  ])("masks the e-mail %s as %s", (email, masked) => expect(maskEmail(email)).toBe(masked));

  it.each([
    ["+6281234567890", "+62*******7890"],
    ["0812-3456-7890", "08******7890"],
    ["12345", "***"],
  ])("masks the phone %s as %s", (phone, masked) => expect(maskPhone(phone)).toBe(masked));
});
