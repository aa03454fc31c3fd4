import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PartnersPage, type PartnerRow } from "./partners-page.tsx";

const PARTNER: PartnerRow = {
  id: "5e0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f",
  name: "Toko Sandbox",
  legal_name: "PT Toko Sandbox Indonesia",
  contact_email: "mitra@pinjaman.test",
  callback_url: "https://mitra.example/hook",
  branches: [{ id: "6e0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f", name: "Gerai Bandung", city: "Bandung" }],
  key_prefixes: ["pjp_abcdefgh"],
  created_at: "2026-11-24T10:00:00.000Z",
};

afterEach(cleanup);

async function flush() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

describe("PartnersPage", () => {
  it("lists partners with branches and key prefixes, links the creation flows, and shows a new key once", async () => {
    const issueKey = vi.fn(async () => ({ partner_id: PARTNER.id, api_key: "pjp_NEWKEY123", prefix: "pjp_NEWKEY12", callback_secret: "rahasia-callback" }));
    const Stub = createRoutesStub([{ path: "/back-office/partners", Component: () => <PartnersPage api={{ list: async () => [PARTNER], issueKey }} /> }]);
    render(<Stub initialEntries={["/back-office/partners"]} />);
    await flush();
    const card = screen.getByRole("article", { name: "Toko Sandbox" });
    expect(card.textContent).toContain("Gerai Bandung (Bandung)");
    expect(card.textContent).toContain("pjp_abcdefgh…");
    expect(screen.getByRole("link", { name: "Tambah mitra" }).getAttribute("href")).toBe("/flows/hayman_s_partners_creation");
    expect(screen.getByRole("link", { name: "Tambah cabang" }).getAttribute("href")).toBe("/flows/hayman_s_partners_creation_branch");
    fireEvent.click(within(card).getByRole("button", { name: "Buat kunci API baru" }));
    await flush();
    expect(issueKey).toHaveBeenCalledWith(PARTNER.id);
    const shown = screen.getByRole("status", { name: "Kunci API" });
    expect(shown.textContent).toContain("pjp_NEWKEY123");
    expect(shown.textContent).toContain("rahasia-callback");
  });
});
