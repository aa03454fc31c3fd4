import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionStore } from "../session/session-store.ts";
import { LOGIN_URL } from "./auth-api.ts";
import { LoginBox } from "./login-box.tsx";

const AUTH_ID = "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10";

function stubLogin(status: number, body: unknown) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status: url === LOGIN_URL ? status : 404 });
    }),
  );
  return calls;
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

beforeEach(() => sessionStore.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LoginBox", () => {
  it("asks for both fields, then shows the server's refusal in an alert without leaving the page", async () => {
    const calls = stubLogin(401, { error: { code: "invalid_credentials", message: "E-mail atau kata sandi salah." } });
    render(<LoginBox title="Masuk untuk membayar" />);
    const form = screen.getByRole("form", { name: "Masuk untuk membayar" });
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(calls).toHaveLength(0);
    expect(screen.getAllByText("Wajib diisi")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "andi@contoh.co.id" } });
    fireEvent.change(screen.getByLabelText("Kata sandi"), { target: { value: "salah" } });
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(calls[0]).toMatchObject({ url: LOGIN_URL, method: "POST", body: { data: { email: "andi@contoh.co.id", password: "salah" } } });
    expect(screen.getByRole("alert").textContent).toBe("E-mail atau kata sandi salah.");
    expect(form.isConnected).toBe(true);
  });

  it("goes on to the code when the server asks for a second factor", async () => {
    stubLogin(202, { data: { id: AUTH_ID, status: "code_required", code_sent_to: "a***@contoh.co.id" } });
    render(<LoginBox title="Masuk untuk membayar" />);
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "andi@contoh.co.id" } });
    fireEvent.change(screen.getByLabelText("Kata sandi"), { target: { value: "rahasia-Kuat-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(screen.getByLabelText("Kode verifikasi")).toBeTruthy();
    expect(screen.getByText(/a\*\*\*@contoh\.co\.id/)).toBeTruthy();
  });
});
