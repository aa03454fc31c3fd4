import type { Account } from "@pinjaman/contracts/accounts";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvestmentAccountsList } from "./investment-accounts-list.tsx";
import { ACCOUNT_ID, fakeLenderApi, renderWith } from "./test-fixtures.tsx";

afterEach(cleanup);

const ACCOUNT: Account = { id: ACCOUNT_ID, type_key: "investment", product_key: null, status: "active", principal_balance: 0, payment_channel: null, activated_on: "2026-01-05", closed_on: null, created_at: "2026-01-05T03:00:00.000Z" };

describe("the profile's investment accounts", () => {
  it("lists each investment account linking to its page", async () => {
    const api = renderWith(fakeLenderApi({ investmentAccounts: vi.fn(async () => [ACCOUNT]) }), <InvestmentAccountsList customerKey="customer-1" />);
    const section = await screen.findByRole("region", { name: "Rekening investasi" });
    expect(within(section).getByText("Rekening investasi 1")).toBeTruthy();
    expect(within(section).getByText("5 Jan 2026")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Buka rekening investasi 1" }).getAttribute("href")).toBe(`/investment-accounts/${ACCOUNT_ID}`);
    expect(api.investmentAccounts).toHaveBeenCalledTimes(1);
  });

  it("shows nothing to a customer without one", async () => {
    const api = renderWith(fakeLenderApi(), <InvestmentAccountsList customerKey="customer-1" />);
    await vi.waitFor(() => expect(api.investmentAccounts).toHaveBeenCalled());
    expect(screen.queryByRole("region", { name: "Rekening investasi" })).toBeNull();
  });
});
