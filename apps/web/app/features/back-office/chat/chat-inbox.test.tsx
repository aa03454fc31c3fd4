import type { SupportInboxItem } from "@pinjaman/contracts/customer-care";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../shell/api-fetch.ts";
import { ChatInbox, type chatApi } from "./chat-inbox.tsx";

afterEach(cleanup);

const ITEM: SupportInboxItem = {
  id: 7,
  reference: "CS-000007",
  name: "Siti Rahayu",
  contact: "siti@example.co.id",
  message: "Bagaimana cara melunasi lebih cepat?",
  page_path: "/faq",
  status: "open",
  created_at: "2026-11-22T07:05:00.000Z",
  answers: [],
};

describe("chat inbox", () => {
  it("lists open messages, answers one and reloads; a short answer shows the server's message under the field", async () => {
    const answered = { ...ITEM, status: "answered" as const, answers: [{ id: 1, body: "Silakan lunasi dari halaman pinjaman.", created_at: "2026-11-22T08:00:00.000Z" }] };
    const api: typeof chatApi = {
      list: vi.fn(async (status) => (status === "open" ? [ITEM] : [answered])),
      answer: vi.fn(async () => ({ ...answered, delivered_to: "email" as const })),
    };
    (api.answer as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new ApiError("Data yang dikirim belum benar.", 400, { body: ["Minimal 5 karakter"] }));
    render(<ChatInbox api={api} />);
    const user = userEvent.setup();
    expect(await screen.findByText("Bagaimana cara melunasi lebih cepat?")).toBeTruthy();
    expect(screen.getByText(/Dari Siti Rahayu \(siti@example\.co\.id\) di halaman \/faq/)).toBeTruthy();
    const field = screen.getByRole("textbox", { name: "Jawaban untuk CS-000007" });
    await user.type(field, "ok");
    await user.click(screen.getByRole("button", { name: "Kirim jawaban" }));
    expect(await screen.findByText("Minimal 5 karakter")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");

    await user.clear(field);
    await user.type(field, "Silakan lunasi dari halaman pinjaman.");
    await user.click(screen.getByRole("button", { name: "Kirim jawaban" }));
    expect(await screen.findByText("Jawaban terkirim ke e-mail pengunjung.")).toBeTruthy();
    expect(api.answer).toHaveBeenLastCalledWith(7, "Silakan lunasi dari halaman pinjaman.");

    await user.click(screen.getByRole("radio", { name: "Sudah dijawab" }));
    const item = (await screen.findByText("Silakan lunasi dari halaman pinjaman.")).closest("li")!;
    expect(within(item).getByRole("heading", { name: "CS-000007 · Sudah dijawab" })).toBeTruthy();
    expect(api.list).toHaveBeenLastCalledWith("answered");
  });
});
