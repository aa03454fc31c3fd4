import type { OfferSchedule } from "@pinjaman/contracts/offers";
import type { PublicProduct, SiteServices } from "@pinjaman/contracts/site";
import { LOAN_SETTINGS } from "@pinjaman/domain/loan-settings";
import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { testOffer } from "../features/calculator/test-offer.ts";
import { loadPage } from "./public-page.server.ts";

const company = {
  name: "PT Pinjaman Digital Indonesia",
  email: "halo@pinjaman.co.id",
  phone: "+62 21 5091 8800",
  address: "Jakarta Selatan",
  facebookPageUrl: "https://facebook.com/x",
  linkedInPageUrl: "https://linkedin.com/x",
  instagramPageUrl: "https://instagram.com/x",
  appStoreUrl: "https://play.google.com/x",
};
const tkb = { data: [{ name: "TKB90", percentage: "98.87" }], last_update: "2026-11-22T03:05:00.000Z" };

const PRODUCTS: Record<string, PublicProduct> = {
  spl: { key: "spl", name: "Pinjaman Cicilan", variant: "default", loanType: "consumptive", dailyRatePpm: 3000, loanSettings: LOAN_SETTINGS },
  alumak: {
    key: "alumak",
    name: "Pinjaman Modal Usaha",
    variant: "business",
    loanType: "productive",
    dailyRatePpm: 1000,
    loanSettings: { ...LOAN_SETTINGS, default_amount: 2_000_000, default_term: 6 },
  },
};

function context(schedule: (key: string, loan: { amount: number; term: number }) => Promise<OfferSchedule>) {
  const services: SiteServices = {
    // A sandbox whose clock was moved: the business date is not the real one.
    shell: async () => ({ company, tkb, sandbox: true, businessDate: "2027-02-01" }),
    product: async (key) => {
      const product = PRODUCTS[key];
      if (!product) throw new Error(`unknown product ${key}`);
      return product;
    },
    activeSession: async () => null,
    defaultOfferSchedule: vi.fn(schedule),
    flowPreview: async () => ({ refused: "not_found" }),
    newLoanFlow: async () => null,
    staffMember: async () => null,
  };
  return { context: { services, cspNonce: "n" } as AppLoadContext, services };
}

describe("loadPage", () => {
  it("gives the home page its calculator schedule from the in-process service", async () => {
    const { context: ctx, services } = context(async (key, loan) => testOffer(loan.amount, loan.term, 2000, key));
    const page = await loadPage("home", "/", ctx);
    expect(services.defaultOfferSchedule).toHaveBeenCalledWith("spl", { amount: 500_000, term: 7 });
    expect(page.widgets.calculator).toEqual({
      productKey: "spl",
      flowKey: "spl_onboarding",
      settings: LOAN_SETTINGS,
      initialSchedule: testOffer(500_000, 7, 2000, "spl"),
    });
    expect(page.widgets.signUpHref).toBe("/sign-up?flow=spl_onboarding");
    expect(page.widgets.company).toBeNull();
    expect(page.widgets.tkb).toBeNull();
  });

  it("prices the business page's widgets with alumak's own settings and rate", async () => {
    const { context: ctx, services } = context(async (key, loan) => testOffer(loan.amount, loan.term, 1000, key));
    const page = await loadPage("pinjaman-online-bisnis-dan-modal-usaha", "/pinjaman-online-bisnis-dan-modal-usaha", ctx);
    expect(services.defaultOfferSchedule).toHaveBeenCalledWith("alumak", { amount: 2_000_000, term: 6 });
    expect(page.widgets.calculator?.flowKey).toBe("alumak_onboarding");
    expect(page.widgets.calculator?.settings.default_amount).toBe(2_000_000);
    expect(page.widgets.costExample).toMatchObject({ loanType: "productive", productRatePpm: 1000 });
    // Priced and dated on the business date (decision 0011), not the real one.
    expect(page.widgets.costExample?.today).toBe("2027-02-01");
  });

  it("hands the contact page only the company's contact facts, filled into its text", async () => {
    const { context: ctx } = context(async () => {
      throw new Error("not used");
    });
    const page = await loadPage("contacts", "/contacts", ctx);
    expect(page.widgets.company).toEqual({
      name: company.name,
      email: company.email,
      phone: company.phone,
      address: company.address,
    });
    expect(JSON.stringify(page.head)).not.toMatch(/\{(phone|email|address|company)\}/);
    expect(page.head.title).toBe("Hubungi Kami");
    // The texts come as the page's lazy module, not in the loader data.
    expect(Object.keys(page).sort()).toEqual(["head", "slug", "widgets"]);
  });

  it("still renders a page whose schedule call fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { context: ctx } = context(async () => {
      throw new Error("database down");
    });
    const page = await loadPage("home", "/", ctx);
    expect(page.widgets.calculator?.initialSchedule).toBeNull();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("answers 404 for a slug without content", async () => {
    const { context: ctx } = context(async () => testOffer(500_000, 7));
    await expect(loadPage("nope", "/nope", ctx)).rejects.toMatchObject({ init: { status: 404 } });
  });
});
