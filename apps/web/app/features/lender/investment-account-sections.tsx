import type { ComponentType } from "react";
import { ApplicationsSection } from "./applications-section.tsx";
import { AutoinvestSection } from "./autoinvest-section.tsx";
import { InsuranceSection } from "./insurance-section.tsx";
import { InvestmentsSection } from "./investments-section.tsx";
import { TaxStatementSection } from "./tax-statement-section.tsx";
import { TopUpSection } from "./top-up-section.tsx";
import { WithdrawalSection } from "./withdrawal-section.tsx";

/**
 * The sections of the investment-account page (spec section 2: balance, statistics, payment
 * options, automatic investing and insurance settings), in order, under its balance and
 * statistics, and the interest's tax statement last. Each is a component taking InvestmentAccountSectionProps that renders its own
 * titled section.
 */
export type InvestmentAccountSectionProps = {
  accountId: string;
  /** The sandbox: sections may offer what plays an outside party (the bank's transfer). */
  sandbox?: boolean;
  /** The section moved money: the page reloads the balance and statistics. */
  onChanged?: () => void;
};

export type InvestmentAccountSection = { key: string; Component: ComponentType<InvestmentAccountSectionProps> };

export const INVESTMENT_ACCOUNT_SECTIONS: readonly InvestmentAccountSection[] = [
  { key: "top-up", Component: TopUpSection },
  { key: "applications", Component: ApplicationsSection },
  { key: "investments", Component: InvestmentsSection },
  { key: "autoinvest", Component: AutoinvestSection },
  { key: "insurance", Component: InsuranceSection },
  { key: "withdrawal", Component: WithdrawalSection },
  { key: "tax-statement", Component: TaxStatementSection },
];
