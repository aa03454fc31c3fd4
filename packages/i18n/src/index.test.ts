import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FALLBACK_LOCALE, LOCALE, hasKey, interpolate, t, textsCache } from "./index.ts";
import "./ns/all.ts";

describe("the catalogue", () => {
  afterEach(() => vi.restoreAllMocks());

  it("speaks Indonesian with Indonesian as the fallback", () => {
    expect(LOCALE).toBe("id");
    expect(FALLBACK_LOCALE).toBe("id");
  });

  it("translates a key of a namespace", () => {
    expect(t("errors.not_found_title")).toBe("Halaman tidak ditemukan");
    expect(t("errors.generic_title")).toBe("Terjadi kesalahan");
    expect(t("status.application.waiting_for_investment")).toBe("MENUNGGU PENDANAAN");
  });

  it("fills placeholders and leaves unknown ones as written", () => {
    expect(t("errors.status_code", { status: 404 })).toBe("Kode 404");
    expect(interpolate("{a} dan {b}", { a: "satu" })).toBe("satu dan {b}");
  });

  it("warns about a missing key and shows the key itself", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("shell.nothing.here")).toBe("shell.nothing.here");
    expect(warn).toHaveBeenCalledWith("[i18n] missing translation: shell.nothing.here");
    expect(hasKey("shell.nothing.here")).toBe(false);
  });

  it("does not treat a section of the catalogue as a text", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("api.field")).toBe("api.field");
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("texts a phone user reads", () => {
  /** Every text of the catalogue, pages included, with the file it is in. */
  function allTexts(): { file: string; text: string }[] {
    const root = fileURLToPath(new URL("./id/", import.meta.url));
    const found: { file: string; text: string }[] = [];
    const walk = (file: string, value: unknown): void => {
      if (typeof value === "string") found.push({ file, text: value });
      else if (value && typeof value === "object") Object.values(value).forEach((v) => walk(file, v));
    };
    for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (file.endsWith(".json")) walk(file, JSON.parse(readFileSync(join(root, file), "utf8")));
    }
    return found;
  }

  it("never tell the customer to slide the calculator: phones show select lists", () => {
    const texts = allTexts();
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter(({ text }) => /\b(geser|penggeser)\b/i.test(text))).toEqual([]);
    expect(t("flows.step.calculator.description")).toBe("Pilih jumlah pinjaman dan lama cicilan. Jadwal cicilan dihitung langsung.");
  });

  it("name roles in Indonesian only", () => {
    expect(t("auth.profile.role.primary")).toBe("Peminjam");
    expect(t("auth.profile.role.modifier")).toBe("Pemberi dana");
    expect(allTexts().filter(({ text }) => /\((modifier|primary|operator)\)/i.test(text))).toEqual([]);
  });
});

describe("lazy texts", () => {
  it("loads each key once and marks the load as React's use reads it", async () => {
    const load = vi.fn(async (key: string) => ({ key }));
    const texts = textsCache(load);
    const first = texts("faq");
    expect(first).toMatchObject({ status: "pending" });
    expect(texts("faq")).toBe(first);
    await first;
    expect(first).toMatchObject({ status: "fulfilled", value: { key: "faq" } });
    expect(texts("faq")).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries a failed load again on the next call", async () => {
    let calls = 0;
    const texts = textsCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error("failed to fetch dynamically imported module");
      return "ok";
    });
    const failed = texts("home");
    await expect(failed).rejects.toThrow("failed to fetch");
    expect(failed).toMatchObject({ status: "rejected" });
    const again = texts("home");
    expect(again).not.toBe(failed);
    await expect(again).resolves.toBe("ok");
    expect(calls).toBe(2);
  });
});
