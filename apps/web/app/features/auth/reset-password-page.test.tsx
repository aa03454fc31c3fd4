import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PASSWORD_RESETS_RESOLVE_URL } from "./auth-api.ts";
import { isValidTokenParam, ResetPasswordPage, type PasswordPageMode } from "./reset-password-page.tsx";

const TOKEN = "Qm9uZ2thaC1yZXNldC10b2tlbi0xMjM0NTY3ODkw";

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">{JSON.stringify(location.state)}</p>;
}

function renderPage(token: string | null, mode: PasswordPageMode = "reset") {
  const Stub = createRoutesStub([
    { path: "/reset", Component: () => <ResetPasswordPage token={token} mode={mode} /> },
    { path: "/login", Component: LoginProbe },
  ]);
  return render(<Stub initialEntries={["/reset"]} />);
}

function stubFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((cb) => {
    cb(0);
    return 0;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ResetPasswordPage", () => {
  it("accepts URL-safe tokens only as the route parameter", () => {
    expect(isValidTokenParam(undefined)).toBe(true);
    expect(isValidTokenParam(TOKEN)).toBe(true);
    expect(isValidTokenParam("short")).toBe(false);
    expect(isValidTokenParam(`${TOKEN}<script>`)).toBe(false);
  });

  it("without a token explains and links to a new request", () => {
    renderPage(null);
    expect(screen.getByRole("link", { name: "Minta tautan baru" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByLabelText("Kata sandi baru")).toBeNull();
  });

  it("only the field keyed password toggles visibility; a different confirmation is refused", async () => {
    const fetchMock = stubFetch(200, { data: {} });
    renderPage(TOKEN);
    expect(screen.getAllByRole("button", { name: "Tampilkan kata sandi" })).toHaveLength(1);
    fill("Kata sandi baru", "Rahasia-Baru-2026");
    fill("Ulangi kata sandi baru", "Rahasia-Lain-2026");
    fireEvent.click(screen.getByRole("button", { name: "Simpan kata sandi" }));
    await flush();
    expect(screen.getByText("Kata sandi tidak sama")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's password messages under the field", async () => {
    stubFetch(400, { error: { code: "validation_failed", message: "x", fields: { password: ["Minimal 10 karakter", "Terlalu umum"] } } });
    renderPage(TOKEN);
    fill("Kata sandi baru", "pendek");
    fill("Ulangi kata sandi baru", "pendek");
    fireEvent.click(screen.getByRole("button", { name: "Simpan kata sandi" }));
    await flush();
    expect(screen.getByText("Minimal 10 karakter, Terlalu umum")).toBeTruthy();
  });

  it("an unusable token is an alert with a link to ask again", async () => {
    stubFetch(400, { error: { code: "invalid_token", message: "x", fields: { token: ["Tautan sudah tidak berlaku"] } } });
    renderPage(TOKEN);
    fill("Kata sandi baru", "Rahasia-Baru-2026");
    fill("Ulangi kata sandi baru", "Rahasia-Baru-2026");
    fireEvent.click(screen.getByRole("button", { name: "Simpan kata sandi" }));
    await flush();
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Tautan sudah tidak berlaku");
    expect(alert.querySelector("a")?.getAttribute("href")).toBe("/forgot-password");
  });

  it("a bad token and a weak password are both told", async () => {
    stubFetch(400, {
      error: { code: "validation_failed", message: "x", fields: { token: ["Tautan tidak valid"], password: ["Harus berisi huruf dan angka"] } },
    });
    renderPage(TOKEN);
    fill("Kata sandi baru", "hurufsajaaaa");
    fill("Ulangi kata sandi baru", "hurufsajaaaa");
    fireEvent.click(screen.getByRole("button", { name: "Simpan kata sandi" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toContain("Tautan tidak valid");
    expect(screen.getByText("Harus berisi huruf dan angka")).toBeTruthy();
    expect(screen.getByLabelText("Kata sandi baru").getAttribute("aria-invalid")).toBe("true");
  });

  it.each([
    ["reset", "password_changed"],
    ["generate", "password_created"],
  ] as const)("%s: success sends the token and password, then goes to /login with a notice", async (mode, notice) => {
    const fetchMock = stubFetch(200, { data: {} });
    renderPage(TOKEN, mode);
    fill("Kata sandi baru", "Rahasia-Baru-2026");
    fill("Ulangi kata sandi baru", "Rahasia-Baru-2026");
    fireEvent.click(screen.getByRole("button", { name: "Simpan kata sandi" }));
    await flush();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(PASSWORD_RESETS_RESOLVE_URL);
    expect(JSON.parse(String(init?.body))).toEqual({ data: { token: TOKEN, password: "Rahasia-Baru-2026" } });
    expect(screen.getByTestId("login").textContent).toBe(JSON.stringify({ notice }));
  });
});
