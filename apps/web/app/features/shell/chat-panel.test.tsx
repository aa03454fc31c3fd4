import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatLauncher } from "./chat-launcher.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function openChat() {
  const user = userEvent.setup();
  const Stub = createRoutesStub([{ path: "/faq", Component: ChatLauncher }]);
  render(<Stub initialEntries={["/faq"]} />);
  await user.click(screen.getByRole("button", { name: "Chat" }));
  const dialog = await screen.findByRole("dialog", { name: "Chat dengan layanan pelanggan" });
  return { user, dialog };
}

describe("chat panel", () => {
  it("shows the server's field errors joined with a comma under each field", async () => {
    const fetchMock = stubFetch(400, {
      error: {
        code: "validation_failed",
        message: "Data yang dikirim belum benar. Periksa kembali isian Anda.",
        fields: { name: ["Wajib diisi", "Minimal 2 karakter"], message: ["Minimal 5 karakter"] },
      },
    });
    const { user, dialog } = await openChat();
    await user.type(within(dialog).getByLabelText("Pesan"), "Halo");
    await user.click(within(dialog).getByRole("button", { name: "Kirim" }));

    const name = await within(dialog).findByRole("textbox", { name: "Nama" });
    expect(await within(dialog).findByText("Wajib diisi, Minimal 2 karakter")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const nameError = document.getElementById(name.getAttribute("aria-describedby") ?? "");
    expect(nameError?.textContent).toBe("Wajib diisi, Minimal 2 karakter");

    const message = within(dialog).getByRole("textbox", { name: "Pesan" });
    expect(message.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText("Minimal 5 karakter")).toBeTruthy();

    const contact = within(dialog).getByRole("textbox", { name: "Kontak" });
    expect(contact.getAttribute("aria-invalid")).toBeNull();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/pub_api/v1/open/support_requests");
    expect((init?.headers as Record<string, string>)["X-Locale"]).toBe("id");
    expect(JSON.parse(String(init?.body))).toEqual({ data: { name: "", contact: "", message: "Halo", page_path: "/faq" } });
  });

  it("confirms a sent message with its reference", async () => {
    stubFetch(201, { data: { id: 7, reference: "CS-000007", created_at: "2026-11-22T07:05:00.000Z" } });
    const { user, dialog } = await openChat();
    await user.type(within(dialog).getByRole("textbox", { name: "Nama" }), "Budi Santoso");
    await user.type(within(dialog).getByRole("textbox", { name: "Kontak" }), "budi@example.com");
    await user.type(within(dialog).getByRole("textbox", { name: "Pesan" }), "Bagaimana cara melunasi pinjaman?");
    await user.click(within(dialog).getByRole("button", { name: "Kirim" }));
    expect(await within(dialog).findByText(/Nomor referensi Anda: CS-000007\./)).toBeTruthy();
    expect(within(dialog).getByText("Terima kasih, pesan Anda sudah kami terima.")).toBeTruthy();
  });

  it("shows a failure that is not about a field in an alert", async () => {
    stubFetch(500, { error: { code: "internal", message: "Terjadi kesalahan pada server. Silakan coba lagi." } });
    const { user, dialog } = await openChat();
    await user.click(within(dialog).getByRole("button", { name: "Kirim" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Terjadi kesalahan pada server. Silakan coba lagi.");
  });
});

describe("chat panel answers", () => {
  it("keeps the token of a sent message and shows customer care's answer when opened again", async () => {
    window.localStorage.clear();
    const token = "a".repeat(43);
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.endsWith("/lookup")) {
        return new Response(
          JSON.stringify({
            data: [
              {
                reference: "CS-000007",
                message: "Bagaimana cara melunasi pinjaman?",
                status: "answered",
                created_at: "2026-11-22T07:05:00.000Z",
                answers: [{ id: 1, body: "Lunasi dari halaman pinjaman dengan tombol Bayar.", created_at: "2026-11-22T08:00:00.000Z" }],
              },
            ],
          }),
          { status: 200 },
        );
      }
      return new Response(JSON.stringify({ data: { id: 7, reference: "CS-000007", created_at: "2026-11-22T07:05:00.000Z", access_token: token } }), { status: 201 });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { user, dialog } = await openChat();
    // Nothing stored yet: no lookup.
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole("textbox", { name: "Nama" }), "Budi Santoso");
    await user.type(within(dialog).getByRole("textbox", { name: "Kontak" }), "budi@example.com");
    await user.type(within(dialog).getByRole("textbox", { name: "Pesan" }), "Bagaimana cara melunasi pinjaman?");
    await user.click(within(dialog).getByRole("button", { name: "Kirim" }));
    await within(dialog).findByText(/CS-000007/);
    expect(JSON.parse(window.localStorage.getItem("pinjaman.chat.tokens") ?? "[]")).toEqual([token]);
    await user.click(within(dialog).getAllByRole("button", { name: "Tutup" }).at(-1)!);

    await user.click(screen.getByRole("button", { name: "Chat" }));
    const reopened = await screen.findByRole("dialog", { name: "Chat dengan layanan pelanggan" });
    const threads = await within(reopened).findByRole("region", { name: "Pesan Anda" });
    expect(within(threads).getByText("Lunasi dari halaman pinjaman dengan tombol Bayar.")).toBeTruthy();
    expect(within(threads).getByText("Jawaban layanan pelanggan:")).toBeTruthy();
    const lookup = fetchMock.mock.calls.find(([url]) => url.endsWith("/lookup"));
    expect(JSON.parse(String(lookup?.[1]?.body))).toEqual({ data: { tokens: [token] } });
  });
});
