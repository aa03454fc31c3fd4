import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BorrowerOffers } from "./borrower-offers.tsx";
import type { OffersApi } from "./offers-api.ts";

afterEach(cleanup);

const ACCOUNT = "3c0d1e2f-3a4b-4c5d-8e6f-708192a3b4c5";

function renderOffers(offers: Awaited<ReturnType<OffersApi["offers"]>> | Error) {
  const api: OffersApi = { offers: vi.fn(async () => (offers instanceof Error ? Promise.reject(offers) : offers)) };
  render(
    <MemoryRouter>
      <BorrowerOffers customerKey="customer-1" api={api} />
    </MemoryRouter>,
  );
  return api;
}

describe("the dashboard's offers", () => {
  it("lists each offered flow with a link to its page, a refinancing with the old loan's payoff", async () => {
    renderOffers({
      offered: [
        { flow_key: "consumer_installment_loan", name: "Pinjaman Cicilan Konsumen", path: "/flows/consumer_installment_loan", account_id: null, payoff: null },
        { flow_key: "refinancing", name: "Refinancing Pinjaman", path: `/flows/refinancing?account_id=${ACCOUNT}`, account_id: ACCOUNT, payoff: 1_512_300 },
      ],
      no_flow: null,
    });
    const section = await screen.findByRole("region", { name: "Penawaran untuk Anda" });
    const consumer = await within(section).findByRole("link", { name: "Ajukan Pinjaman Cicilan Konsumen" });
    expect(consumer.getAttribute("href")).toBe("/flows/consumer_installment_loan");
    expect(within(section).getByRole("link", { name: "Ajukan Refinancing Pinjaman" }).getAttribute("href")).toBe(`/flows/refinancing?account_id=${ACCOUNT}`);
    expect(within(section).getByText("Pelunasan pinjaman lama: Rp 1.512.300")).toBeTruthy();
  });

  it("says why when nothing is offered and links to no_flow_available_v2", async () => {
    renderOffers({ offered: [], no_flow: { flow_key: "no_flow_available_v2", path: "/flows/no_flow_available_v2", reason: "Anda masih memiliki pinjaman yang belum lunas." } });
    expect(await screen.findByText("Anda masih memiliki pinjaman yang belum lunas.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Lihat alasannya" }).getAttribute("href")).toBe("/flows/no_flow_available_v2");
    expect(screen.queryByRole("link", { name: /^Ajukan/ })).toBeNull();
  });

  it("shows the load's error in an alert", async () => {
    renderOffers(new Error("Terjadi kesalahan"));
    expect((await screen.findByRole("alert")).textContent).toBe("Terjadi kesalahan");
  });
});
