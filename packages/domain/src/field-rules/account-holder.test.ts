import { describe, expect, it } from "vitest";
import { holderMatchesName, holderNameWords } from "./account-holder.ts";

describe("holderMatchesName", () => {
  it.each([
    ["Rina Wulandari", "RINA WULANDARI"],
    ["rina wulandari", "Rina Wulandari"],
    ["Wulandari Rina", "Rina Wulandari"],
    ["Bpk Budi Hartono", "Budi Hartono"],
    ["Ibu Rina Kusuma", "Rina Kusuma"],
    ["Dr. Budi Hartono, S.E.", "Budi Hartono"],
    ["dr.Budi Hartono SE", "BUDI HARTONO"],
    ["H. Ahmad Fauzi", "Ahmad Fauzi"],
    ["Hj. Siti Aminah", "SITI AMINAH"],
    ["Siti-Aminah", "Siti Aminah"],
    ["Siti Aminah S.Kom., M.M.", "Siti Aminah"],
    ["Ma'ruf Amin", "MARUF AMIN"],
    ["José Gonçalves", "JOSE GONCALVES"],
    ["  Rina   Wulandari ", "Rina Wulandari"],
    ["PT Maju Jaya Tbk", "Maju Jaya"],
    ["Maju Jaya", "PT. MAJU JAYA"],
  ])("%j is the account of %j", (holder, name) => {
    expect(holderMatchesName(holder, name)).toBe(true);
  });

  it.each([
    ["Budi Hartono", "Rina Wulandari"],
    ["Budi Lain", "Rina Kusuma"],
    ["Rina", "Rina Wulandari"],
    ["Rina Wulandari Putri", "Rina Wulandari"],
    ["Rina Wulandar", "Rina Wulandari"],
    ["Rina Rina", "Rina Wulandari"],
    ["Bpk Ibu", "Bpk Ibu"],
    ["", ""],
    ["Rina Wulandari", ""],
  ])("%j is not the account of %j", (holder, name) => {
    expect(holderMatchesName(holder, name)).toBe(false);
  });
});

describe("holderNameWords", () => {
  it("keeps the words that count, sorted, without titles or punctuation", () => {
    expect(holderNameWords("Prof. Dr. Ir. H. Budi Hartono, S.T., M.Sc.")).toEqual(["budi", "hartono"]);
    expect(holderNameWords("M. Rizki")).toEqual(["m", "rizki"]);
  });
});
