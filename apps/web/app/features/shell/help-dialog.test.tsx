import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Navbar } from "./navbar.tsx";
import { SHELL_FIXTURE } from "./test-fixtures.ts";

afterEach(cleanup);

function renderNavbar() {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <Navbar shell={SHELL_FIXTURE} variant="default" /> },
    { path: "/faq", Component: () => <p>Halaman FAQ</p> },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

async function openHelp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Pusat Bantuan" }));
  return screen.findByRole("dialog", { name: "Pusat Bantuan" });
}

describe("help dialog", () => {
  it("asks whether the visitor has an account, with focus inside the dialog", async () => {
    const user = userEvent.setup();
    renderNavbar();
    const dialog = await openHelp(user);
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(within(dialog).getByText("Apakah Anda sudah memiliki akun?")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Ya" }));
  });

  it("Ya leads to customer care with phone and e-mail links (1 → 2)", async () => {
    const user = userEvent.setup();
    renderNavbar();
    const dialog = await openHelp(user);
    await user.click(within(dialog).getByRole("button", { name: "Ya" }));
    expect(within(dialog).getByRole("heading", { name: "Hubungi layanan pelanggan" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "+62 21 5091 8800" }).getAttribute("href")).toBe("tel:+622150918800");
    expect(within(dialog).getByRole("link", { name: "halo@pinjaman.co.id" }).getAttribute("href")).toBe("mailto:halo@pinjaman.co.id");
    expect(within(dialog).queryByText("Apakah Anda sudah memiliki akun?")).toBeNull();
  });

  it("Belum leads to how-to-apply, FAQ and costs (1 → 3)", async () => {
    const user = userEvent.setup();
    renderNavbar();
    const dialog = await openHelp(user);
    await user.click(within(dialog).getByRole("button", { name: "Belum" }));
    const hrefs = within(dialog)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(["/how-to-apply", "/faq", "/costs"]);
    await user.click(within(dialog).getByRole("link", { name: "Pertanyaan yang sering diajukan (FAQ)" }));
    expect(await screen.findByText("Halaman FAQ")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("starts again at stage 1 when reopened, and Escape returns focus to the opener", async () => {
    const user = userEvent.setup();
    renderNavbar();
    let dialog = await openHelp(user);
    await user.click(within(dialog).getByRole("button", { name: "Ya" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Pusat Bantuan" }));
    dialog = await openHelp(user);
    expect(within(dialog).getByText("Apakah Anda sudah memiliki akun?")).toBeTruthy();
    expect(within(dialog).queryByText("Hubungi layanan pelanggan")).toBeNull();
  });

  it("keeps Tab inside the dialog", async () => {
    const user = userEvent.setup();
    renderNavbar();
    const dialog = await openHelp(user);
    const close = within(dialog).getByRole("button", { name: "Tutup" });
    const yes = within(dialog).getByRole("button", { name: "Ya" });
    const no = within(dialog).getByRole("button", { name: "Belum" });
    expect(document.activeElement).toBe(yes);
    await user.tab();
    expect(document.activeElement).toBe(no);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(no);
  });
});
