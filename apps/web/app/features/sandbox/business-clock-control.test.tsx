import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BusinessClockControl } from "./business-clock-control.tsx";
import { parseDays } from "./business-clock.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLOCK = { business_date: "2026-11-24", business_time: "2026-11-24T03:30:00.000Z", offset_days: 0 };

function stubFetch(answers: { status: number; body: unknown }[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = answers.shift();
    if (!answer) throw new Error("unexpected call");
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("parseDays", () => {
  it("takes whole numbers from 1 to 366 only", () => {
    expect(parseDays(" 30 ")).toBe(30);
    expect(parseDays("366")).toBe(366);
    expect(parseDays("0")).toBeNull();
    expect(parseDays("367")).toBeNull();
    expect(parseDays("1.5")).toBeNull();
    expect(parseDays("-1")).toBeNull();
    expect(parseDays("")).toBeNull();
  });
});

describe("the sandbox business clock control", () => {
  it("shows the business date and moves it forward by the typed days", async () => {
    const fetchMock = stubFetch([
      { status: 200, body: { data: CLOCK } },
      { status: 200, body: { data: { business_date: "2026-12-24", business_time: "2026-12-24T03:30:00.000Z", offset_days: 30, job_runs: [{ job: "housekeeping", occurrence: "2026-11-25", business_date: "2026-11-25" }, { job: "housekeeping", occurrence: "2026-11-26", business_date: "2026-11-26" }] } } },
    ]);
    const user = userEvent.setup();
    render(<BusinessClockControl />);
    expect(await screen.findByText("24 Nov 2026")).toBeTruthy();
    expect(screen.getByTestId("business-date").textContent).toBe("Tanggal bisnis: 24 Nov 2026 · Sama dengan tanggal sebenarnya");

    const input = screen.getByRole("textbox", { name: "Jumlah hari" });
    await user.clear(input);
    await user.type(input, "30{Enter}");

    expect(await screen.findByText("Waktu dimajukan ke 24 Des 2026. 2 tugas dijalankan.")).toBeTruthy();
    expect(screen.getByTestId("business-date").textContent).toBe("Tanggal bisnis: 24 Des 2026 · 30 hari di depan tanggal sebenarnya");
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/app_api/v1/sandbox/clock");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ data: { days: 30 } });
  });

  it("refuses a bad number under the field without calling the server, and focuses it", async () => {
    const fetchMock = stubFetch([{ status: 200, body: { data: CLOCK } }]);
    const user = userEvent.setup();
    render(<BusinessClockControl />);
    await screen.findByText("24 Nov 2026");
    const input = screen.getByRole("textbox", { name: "Jumlah hari" });
    await user.clear(input);
    await user.type(input, "400");
    await user.click(screen.getByRole("button", { name: "Majukan waktu" }));
    expect(screen.getByText("Masukkan bilangan bulat 1 sampai 366")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain("-error");
    expect(document.activeElement).toBe(input);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's field message and its other errors", async () => {
    stubFetch([
      { status: 200, body: { data: CLOCK } },
      { status: 400, body: { error: { code: "validation_failed", message: "Data yang dikirim belum benar.", fields: { days: ["Maksimal 366"] } } } },
      { status: 500, body: { error: { code: "internal", message: "Terjadi kesalahan pada server." } } },
    ]);
    const user = userEvent.setup();
    render(<BusinessClockControl />);
    await screen.findByText("24 Nov 2026");
    await user.click(screen.getByRole("button", { name: "Majukan waktu" }));
    expect(await screen.findByText("Maksimal 366")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Majukan waktu" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Terjadi kesalahan pada server.");
  });
});
