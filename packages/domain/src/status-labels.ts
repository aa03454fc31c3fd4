import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/status";

/** Account application statuses (spec section 4). */
export const APPLICATION_STATUSES = [
  "draft",
  "submitted",
  "rejected",
  "cancelled",
  "in_disbursement",
  "waiting_for_deadline",
  "waiting_for_investment",
  "activated",
  "deactivated",
  "active",
  "closed",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Account statuses (spec section 4). */
export const ACCOUNT_STATUSES = ["active", "closed", "sold_transfer_period", "sold", "written_off"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Investment statuses (spec section 4). */
export const INVESTMENT_STATUSES = ["pending", "settled", "canceled", "closed"] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

export function isApplicationStatus(s: string): s is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(s);
}

export function isAccountStatus(s: string): s is AccountStatus {
  return (ACCOUNT_STATUSES as readonly string[]).includes(s);
}

export function isInvestmentStatus(s: string): s is InvestmentStatus {
  return (INVESTMENT_STATUSES as readonly string[]).includes(s);
}

/** "MENUNGGU", "DIKIRIMKAN", … ; in_disbursement and waiting_for_deadline are both "DISETUJUI". */
export function applicationStatusLabel(s: ApplicationStatus): string {
  return t(`status.application.${s}`);
}

/** "Aktif", "Lunas"; the three transferred statuses are all "Dialihkan". */
export function accountStatusLabel(s: AccountStatus): string {
  return t(`status.account.${s}`);
}

/** "Pendanaan tertunda", "Didanakan", "Dibatalkan", "Tutup". */
export function investmentStatusLabel(s: InvestmentStatus): string {
  return t(`status.investment.${s}`);
}
