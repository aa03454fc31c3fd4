import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DelayedButtonField from "./delayed-button-field.tsx";
import { Harness, makeContext, makeField } from "./field-test-kit.tsx";
import ResendCodeField from "./resend-code-field.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("DelayedButtonField", () => {
  it("is enabled after exactly 60 s, blocking the step until then, and moves the flow on", () => {
    const context = makeContext();
    render(<Harness Renderer={DelayedButtonField} field={makeField("delayed_button", { key: "wait", label: "Lanjutkan" })} context={context} changes={[]} />);
    const button = screen.getByRole("button", { name: "Lanjutkan" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(context.setBlocking).toHaveBeenLastCalledWith("wait", true);
    expect(screen.getByText("Tombol dapat ditekan dalam 60 detik")).toBeTruthy();
    for (let i = 0; i < 59; i++) advance(1000);
    advance(900); // 59.9 s
    expect(button.disabled).toBe(true);
    expect(screen.getByText("Tombol dapat ditekan dalam 1 detik")).toBeTruthy();
    advance(100); // 60 s
    expect(button.disabled).toBe(false);
    expect(context.setBlocking).toHaveBeenLastCalledWith("wait", false);
    fireEvent.click(button);
    expect(context.advance).toHaveBeenCalledTimes(1);
  });
});

describe("ResendCodeField", () => {
  it("counts 60 s down, then resends through the step's action and counts again", async () => {
    const runAction = vi.fn(() => Promise.resolve());
    const context = makeContext({ runAction });
    render(<Harness Renderer={ResendCodeField} field={makeField("resend_code", { key: "resend_code", label: "Kode" })} context={context} changes={[]} />);
    expect(screen.getByText("Kirim ulang kode dalam 60 detik")).toBeTruthy();
    advance(1000);
    expect(screen.getByText("Kirim ulang kode dalam 59 detik")).toBeTruthy();
    for (let i = 0; i < 58; i++) advance(1000);
    expect(screen.getByText("Kirim ulang kode dalam 1 detik")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    advance(1000);
    const button = screen.getByRole("button", { name: "Kirim ulang kode" });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(runAction).toHaveBeenCalledWith("resend_code");
    expect(screen.getByText("Kode baru telah dikirim.")).toBeTruthy();
    expect(screen.getByText("Kirim ulang kode dalam 60 detik")).toBeTruthy();
  });

  it("tells a failed resend and keeps the button", async () => {
    const context = makeContext({ runAction: vi.fn(() => Promise.reject(new Error("429"))) });
    render(<Harness Renderer={ResendCodeField} field={makeField("resend_code")} context={context} changes={[]} />);
    for (let i = 0; i < 60; i++) advance(1000);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Kirim ulang kode" }));
    });
    expect(screen.getByText("Kode tidak dapat dikirim ulang. Silakan coba lagi.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Kirim ulang kode" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
