import type { LoanSettings } from "@pinjaman/domain/loan-settings";
import type { TkbResponse } from "./company.ts";
import type { OfferSchedule } from "./offers.ts";


/** What the site may know of a product: how it is shown, classed by OJK, priced and bounded. */
export type PublicProduct = {
  key: string;
  name: string;
  variant: "default" | "plus" | "business";
  loanType: "consumptive" | "productive";
  dailyRatePpm: number;
  loanSettings: LoanSettings;
};

export type CompanyInfo = {
  name: string;
  email: string;
  phone: string;
  address: string;
  facebookPageUrl: string;
  linkedInPageUrl: string;
  instagramPageUrl: string;
  appStoreUrl: string;
};

/** The regulator's risk disclaimer every page shows (LPBBTI wording), as the server sends it. */
export type RiskDisclaimer = { title: string; points: string[] };

/** What every page's shell shows: company facts, the TKB indicator, the disclaimer, the sandbox flag. */
export type ShellData = { company: CompanyInfo; tkb: TkbResponse; riskDisclaimer: RiskDisclaimer; sandbox: boolean };

/** The server services a web loader may call in-process (apps/api/src/services.ts). */
export type SiteServices = {
  shell(): Promise<ShellData>;
  /** An active product; throws for an unknown or inactive key. */
  product(productKey: string): Promise<PublicProduct>;
  /** The live session a page's cookie token belongs to (unexpired, not revoked), or null. */
  activeSession(token: string): Promise<{ expiresAt: number; authenticationId: string } | null>;
  defaultOfferSchedule(productKey: string, request: { amount: number; term: number }): Promise<OfferSchedule>;
};
