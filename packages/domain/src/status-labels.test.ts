import { describe, expect, it } from "vitest";
import {
  ACCOUNT_STATUSES,
  APPLICATION_STATUSES,
  INVESTMENT_STATUSES,
  accountStatusLabel,
  applicationStatusLabel,
  investmentStatusLabel,
  isAccountStatus,
  isApplicationStatus,
  isInvestmentStatus,
} from "./status-labels.ts";

describe("applicationStatusLabel", () => {
  it.each([
    ["draft", "MENUNGGU"],
    ["submitted", "DIKIRIMKAN"],
    ["rejected", "DITOLAK"],
    ["cancelled", "DIBATALKAN"],
    ["in_disbursement", "DISETUJUI"],
    ["waiting_for_deadline", "DISETUJUI"],
    ["waiting_for_investment", "MENUNGGU PENDANAAN"],
    ["activated", "DIAKTIFKAN"],
    ["deactivated", "DINONAKTIFKAN"],
    ["active", "AKTIF"],
    ["closed", "LUNAS"],
  ] as const)("%s → %s", (status, label) => {
    expect(applicationStatusLabel(status)).toBe(label);
  });

  it("lists exactly the spec's statuses in order", () => {
    expect(APPLICATION_STATUSES).toEqual([
      "draft", "submitted", "rejected", "cancelled", "in_disbursement", "waiting_for_deadline",
      "waiting_for_investment", "activated", "deactivated", "active", "closed",
    ]);
  });
});

describe("accountStatusLabel", () => {
  it.each([
    ["active", "Aktif"],
    ["closed", "Lunas"],
    ["sold_transfer_period", "Dialihkan"],
    ["sold", "Dialihkan"],
    ["written_off", "Dialihkan"],
  ] as const)("%s → %s", (status, label) => {
    expect(accountStatusLabel(status)).toBe(label);
  });

  it("lists exactly the spec's statuses", () => {
    expect(ACCOUNT_STATUSES).toEqual(["active", "closed", "sold_transfer_period", "sold", "written_off"]);
  });
});

describe("investmentStatusLabel", () => {
  it.each([
    ["pending", "Pendanaan tertunda"],
    ["settled", "Didanakan"],
    ["canceled", "Dibatalkan"],
    ["closed", "Tutup"],
  ] as const)("%s → %s", (status, label) => {
    expect(investmentStatusLabel(status)).toBe(label);
  });

  it("lists exactly the spec's statuses", () => {
    expect(INVESTMENT_STATUSES).toEqual(["pending", "settled", "canceled", "closed"]);
  });
});

describe("status guards", () => {
  it("recognise known statuses only", () => {
    expect(isApplicationStatus("waiting_for_deadline")).toBe(true);
    expect(isApplicationStatus("accepted")).toBe(false);
    expect(isAccountStatus("written_off")).toBe(true);
    expect(isAccountStatus("pending")).toBe(false);
    expect(isInvestmentStatus("canceled")).toBe(true);
    expect(isInvestmentStatus("cancelled")).toBe(false);
  });
});
