import type { LoanSettings } from "@pinjaman/domain/loan-settings";
import type { TkbResponse } from "./company.ts";
import type { FlowProgressNew } from "./flows.ts";
import type { OfferSchedule } from "./offers.ts";
import type { NewLoanFlow } from "./new-loan-flow.ts";
import type { StaffMe } from "./staff.ts";


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

/** The regulator's risk disclaimer every page shows (LPBBTI wording), as the catalogue has it. */
export type RiskDisclaimer = { title: string; points: string[] };

/**
 * What every page's shell shows from the server: company facts, the TKB indicator, the sandbox
 * flag, and the business date (decision 0011: what a page dates an example by; in the sandbox it
 * moves with the clock). The disclaimer's text is the catalogue's, loaded by the footer as a lazy module.
 */
export type ShellData = { company: CompanyInfo; tkb: TkbResponse; sandbox: boolean; businessDate: string };

/**
 * Step one of a flow as `GET flows/{key}/flow_progresses/new` answers it (nothing stored), or why
 * not: no such flow at this address (the page answers 404), or the flow needs a signed-in customer,
 * or it is not offered to this customer (409: the browser shows the reason).
 */
export type FlowPreviewResult = { preview: FlowProgressNew } | { refused: "not_found" | "login_required" | "not_offered" };

/** The server services a web loader may call in-process (apps/api/src/services.ts). */
export type SiteServices = {
  shell(): Promise<ShellData>;
  /** An active product; throws for an unknown or inactive key. */
  product(productKey: string): Promise<PublicProduct>;
  /** The live session a page's cookie token belongs to (unexpired, not revoked), or null. */
  activeSession(token: string): Promise<{ expiresAt: number; authenticationId: string } | null>;
  defaultOfferSchedule(productKey: string, request: { amount: number; term: number }): Promise<OfferSchedule>;
  /**
   * A flow's first step for a page's server render. `publicOnly` answers as pub_api does (public
   * flows, anonymous); otherwise as app_api does, for the session of `sessionToken` if it is live.
   */
  flowPreview(flowKey: string, options: { publicOnly: boolean; sessionToken: string | null }): Promise<FlowPreviewResult>;
  /** GET new_loan_flow for the session's customer (decision 0018); null without a live session or for an unknown registration flow. */
  newLoanFlow(registrationFlowKey: string, sessionToken: string): Promise<NewLoanFlow | null>;
  /** The staff member a live session belongs to (decision 0026), or null for a customer or no session. */
  staffMember(sessionToken: string): Promise<StaffMe | null>;
};
