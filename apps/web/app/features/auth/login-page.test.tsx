import { RESEND_CODE_SECONDS } from "@pinjaman/domain/timings";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionStore } from "../session/session-store.ts";
import { LOGIN_URL } from "./auth-api.ts";
import { LoginPage } from "./login-page.tsx";

const AUTH_ID = "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10";

type Reply = { status: number; body?: unknown };

function stubFetch(replies: Record<string, Reply | Reply[]>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = replies[`${method} ${url}`];
    const reply = Array.isArray(entry) ? entry.shift() : entry;
    if (!reply) return new Response(JSON.stringify({ error: { code: "not_found", message: "Tidak ada" } }), { status: 404 });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function renderLogin(props: { sessionInvalid?: boolean } = {}) {
  const Stub = createRoutesStub([
    { path: "/login", Component: () => <LoginPage {...props} /> },
    { path: "/profile", Component: () => <h1>Profil</h1> },
  ]);
  return render(<Stub initialEntries={["/login"]} />);
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
  sessionStore.clear();
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((cb) => {
    cb(0);
    return 0;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("LoginPage", () => {
  it("has e-mail and password; only the password field has the visibility toggle", () => {
    renderLogin();
    expect(screen.getByRole("heading", { level: 1, name: "Masuk" })).toBeTruthy();
    const password = screen.getByLabelText("Kata sandi") as HTMLInputElement;
    expect(password.type).toBe("password");
    const toggles = screen.getAllByRole("button", { name: "Tampilkan kata sandi" });
    expect(toggles).toHaveLength(1);
    fireEvent.click(toggles[0]!);
    expect(password.type).toBe("text");
    expect(toggles[0]!.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(toggles[0]!);
    expect(password.type).toBe("password");
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).type).toBe("email");
  });

  it("asks for both fields before calling the server", async () => {
    const calls = stubFetch({});
    renderLogin();
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(calls).toHaveLength(0);
    expect(screen.getAllByText("Wajib diisi")).toHaveLength(2);
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the server's field messages under the field, joined with a comma", async () => {
    stubFetch({
      [`POST ${LOGIN_URL}`]: { status: 400, body: { error: { code: "validation_failed", message: "Periksa isian", fields: { email: ["Format e-mail salah", "Terlalu pendek"] } } } },
    });
    renderLogin();
    fill("E-mail", "budi");
    fill("Kata sandi", "x");
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(screen.getByText("Format e-mail salah, Terlalu pendek")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it.each([
    [401, "E-mail atau kata sandi salah."],
    [429, "Terlalu banyak percobaan. Coba lagi dalam 15 menit."],
  ])("a %i answer is shown in an alert", async (status, message) => {
    const calls = stubFetch({ [`POST ${LOGIN_URL}`]: { status, body: { error: { code: "x", message } } } });
    renderLogin();
    fill("E-mail", "budi@pinjaman.test");
    fill("Kata sandi", "salah");
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(calls[0]!.body).toEqual({ data: { email: "budi@pinjaman.test", password: "salah" } });
  });

  it("the second factor: a 6-digit code, resend disabled for 60 s by a countdown that then goes away", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    stubFetch({
      [`POST ${LOGIN_URL}`]: { status: 202, body: { data: { id: AUTH_ID, status: "code_required", code_sent_to: "b***@pinjaman.test" } } },
      [`PATCH /authy_api/v1/authentications/${AUTH_ID}/code`]: [
        { status: 422, body: { error: { code: "invalid_code", message: "Kode salah", fields: { code: ["Kode salah", "Sisa 2 percobaan"] } } } },
        { status: 200, body: { data: { id: AUTH_ID, status: "code_required", resend_after: 60 } } },
      ],
    });
    renderLogin();
    fill("E-mail", "budi@pinjaman.test");
    fill("Kata sandi", "Pinjaman-Budi-2026");
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(screen.getByRole("heading", { level: 1, name: "Verifikasi masuk" })).toBeTruthy();
    expect(screen.getByText(/b\*\*\*@pinjaman\.test/)).toBeTruthy();
    expect(window.sessionStorage.getItem("pendingAuthentication")).toBe(AUTH_ID);
    const code = screen.getByLabelText("Kode verifikasi") as HTMLInputElement;
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    // No visibility toggle on the code step.
    expect(screen.queryByRole("button", { name: "Tampilkan kata sandi" })).toBeNull();

    fireEvent.change(code, { target: { value: "12a" } });
    expect(code.value).toBe("12");
    fireEvent.click(screen.getByRole("button", { name: "Verifikasi" }));
    await flush();
    expect(screen.getByText("Kode harus 6 digit angka")).toBeTruthy();

    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifikasi" }));
    await flush();
    expect(screen.getByText("Kode salah, Sisa 2 percobaan")).toBeTruthy();

    const resend = screen.getByRole("button", { name: "Kirim ulang kode" }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(screen.getByTestId("resend-countdown").textContent).toBe(`Kode baru dapat diminta dalam ${RESEND_CODE_SECONDS} detik.`);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId("resend-countdown").textContent).toContain("59 detik");
    for (let i = 0; i < RESEND_CODE_SECONDS - 1; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(screen.queryByTestId("resend-countdown")).toBeNull();
    expect(resend.disabled).toBe(false);

    fireEvent.click(resend);
    await flush();
    expect(screen.getByRole("status").textContent).toBe("Kode baru telah dikirim.");
    expect(resend.disabled).toBe(true);
    expect(screen.getByTestId("resend-countdown").textContent).toContain("60 detik");
  });

  it("an e-mail locked by failed logins asks for the e-mailed code beside the password, and sends it with the password", async () => {
    const locked = "Terlalu banyak percobaan masuk yang gagal pada akun ini. Jika kata sandi Anda benar, kami telah mengirim kode verifikasi ke e-mail Anda.";
    const wrong = "Kata sandi atau kode verifikasi salah, atau kode sudah tidak berlaku.";
    const calls = stubFetch({
      [`POST ${LOGIN_URL}`]: [
        { status: 429, body: { error: { code: "login_locked", message: locked } } },
        { status: 429, body: { error: { code: "login_locked", message: wrong } } },
        { status: 429, body: { error: { code: "login_locked", message: locked } } },
      ],
    });
    renderLogin();
    expect(screen.queryByLabelText("Kode verifikasi")).toBeNull();
    fill("E-mail", "budi@pinjaman.test");
    fill("Kata sandi", "Pinjaman-Budi-2026");
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe(locked);
    const code = screen.getByLabelText("Kode verifikasi") as HTMLInputElement;
    expect(screen.getByText("6 digit angka dari e-mail terbaru kami. Kosongkan lalu tekan Masuk untuk meminta kode baru.")).toBeTruthy();
    expect((screen.getByLabelText("Kata sandi") as HTMLInputElement).value).toBe("Pinjaman-Budi-2026");

    fireEvent.change(code, { target: { value: "12a" } });
    expect(code.value).toBe("12");
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(screen.getByText("Kode harus 6 digit angka")).toBeTruthy();
    expect(calls).toHaveLength(1);

    fill("Kode verifikasi", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(calls[1]!.body).toEqual({ data: { email: "budi@pinjaman.test", password: "Pinjaman-Budi-2026", code: "123456" } });
    expect(screen.getByRole("alert").textContent).toBe(wrong);
    expect((screen.getByLabelText("Kode verifikasi") as HTMLInputElement).value).toBe("");

    // An empty code asks for a new one.
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    expect(calls[2]!.body).toEqual({ data: { email: "budi@pinjaman.test", password: "Pinjaman-Budi-2026" } });
  });

  it("an expired authentication goes back to e-mail and password with a message", async () => {
    stubFetch({
      [`POST ${LOGIN_URL}`]: { status: 202, body: { data: { id: AUTH_ID, status: "code_required" } } },
      [`PATCH /authy_api/v1/authentications/${AUTH_ID}/code`]: { status: 410, body: { error: { code: "expired", message: "Kedaluwarsa" } } },
    });
    renderLogin();
    fill("E-mail", "budi@pinjaman.test");
    fill("Kata sandi", "Pinjaman-Budi-2026");
    fireEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await flush();
    fill("Kode verifikasi", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Verifikasi" }));
    await flush();
    expect(screen.getByRole("heading", { level: 1, name: "Masuk" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Waktu verifikasi telah habis. Silakan masuk kembali.");
    expect(window.sessionStorage.getItem("pendingAuthentication")).toBeNull();
  });

  it("says when the session ended", () => {
    renderLogin({ sessionInvalid: true });
    expect(screen.getByRole("status").textContent).toBe("Sesi Anda telah berakhir. Silakan masuk kembali.");
  });
});
