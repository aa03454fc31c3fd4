import { LOAN_SETTINGS } from "@pinjaman/domain/loan-settings";
import type { Db } from "./open-db.ts";
import { companyConfig, products, tkbSnapshots } from "./schema.ts";
import { productPricing } from "./settings-schema.ts";

/** The sandbox company: what the site shows in the header, footer and contact pages. */
export const SANDBOX_COMPANY = {
  name: "PT Pinjaman Digital Indonesia",
  email: "halo@pinjaman.co.id",
  phone: "+62 21 5091 8800",
  address: "Gedung Menara Kuningan Lt. 12, Jl. H.R. Rasuna Said Blok X-7 Kav. 5, Jakarta Selatan 12940",
  facebookPageUrl: "https://www.facebook.com/pinjaman.id",
  linkedInPageUrl: "https://www.linkedin.com/company/pinjaman-id",
  instagramPageUrl: "https://www.instagram.com/pinjaman.id",
  appStoreUrl: "https://play.google.com/store/apps/details?id=id.pinjaman.app",
};

/** Until the loan book computes it, the sandbox shows a plausible dated snapshot. */
export const SANDBOX_TKB = [
  { name: "TKB0", basisPoints: 9214 },
  { name: "TKB30", basisPoints: 9658 },
  { name: "TKB60", basisPoints: 9802 },
  { name: "TKB90", basisPoints: 9887 },
];

export const SANDBOX_PRODUCTS = [
  { key: "spl", name: "Pinjaman Cicilan", variant: "default", loanType: "consumptive", dailyRatePpm: 3000 },
  { key: "bni_payroll_loan", name: "Pinjaman Plus Payroll", variant: "plus", loanType: "consumptive", dailyRatePpm: 3000 },
  { key: "alumak", name: "Pinjaman Modal Usaha", variant: "business", loanType: "productive", dailyRatePpm: 1000 },
] as const;

/** Fills an empty database with the sandbox; a database that has products is left alone. */
export async function seedSandbox(db: Db): Promise<boolean> {
  const existing = await db.select({ key: products.key }).from(products).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(products).values(
      SANDBOX_PRODUCTS.map((p) => ({ ...p, loanSettings: LOAN_SETTINGS, playStoreLoanSettings: LOAN_SETTINGS })),
    );
    // Version 1 of each price list (back office, products and pricing): the values above.
    await tx.insert(productPricing).values(SANDBOX_PRODUCTS.map((p) => ({ productKey: p.key, version: 1, dailyRatePpm: p.dailyRatePpm, upfrontFeePpm: 0, loanSettings: LOAN_SETTINGS, active: true })));
    await tx.insert(companyConfig).values(SANDBOX_COMPANY).onConflictDoNothing();
    await tx.insert(tkbSnapshots).values({ entries: SANDBOX_TKB, source: "seed" });
  });
  return true;
}

/** The company details shown in the header, footer and contact pages (company_config). */
export type CompanyDetails = typeof SANDBOX_COMPANY;

/**
 * Outside the sandbox, an empty database gets the reference data the site cannot run without:
 * the product catalogue (the flows name these products; prices stay inside the OJK guard and are
 * changed in the back office) and the company details (the given ones over the defaults). No TKB
 * figures (the tkb-snapshot job computes them from the book), no accounts, no loans. A database
 * that has products is left alone. Answers whether it stored anything.
 */
export async function seedReferenceData(db: Db, company: Partial<CompanyDetails> = {}): Promise<boolean> {
  const existing = await db.select({ key: products.key }).from(products).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(products).values(
      SANDBOX_PRODUCTS.map((p) => ({ ...p, loanSettings: LOAN_SETTINGS, playStoreLoanSettings: LOAN_SETTINGS })),
    );
    await tx.insert(companyConfig).values({ ...SANDBOX_COMPANY, ...company }).onConflictDoNothing();
  });
  return true;
}
