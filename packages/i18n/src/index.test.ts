import { afterEach, describe, expect, it, vi } from "vitest";
import { FALLBACK_LOCALE, LOCALE, hasKey, interpolate, t } from "./index.ts";
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
