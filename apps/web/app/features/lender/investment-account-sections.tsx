import type { ComponentType } from "react";
import { ApplicationsSection } from "./applications-section.tsx";
import { InvestmentsSection } from "./investments-section.tsx";

/**
 * The sections of the investment-account page, in order, under its balance and statistics. Each
 * is a component taking `{ accountId }` with its title (a catalogue key): top-up, withdrawal,
 * automatic investing and insurance are added here as they arrive.
 */
export type InvestmentAccountSection = { key: string; titleKey: string; Component: ComponentType<{ accountId: string }> };

export const INVESTMENT_ACCOUNT_SECTIONS: readonly InvestmentAccountSection[] = [
  { key: "applications", titleKey: "investments.sections.applications_title", Component: ApplicationsSection },
  { key: "investments", titleKey: "investments.sections.investments_title", Component: InvestmentsSection },
];
