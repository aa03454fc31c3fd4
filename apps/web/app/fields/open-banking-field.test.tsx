import { WIDGET_RETRY_MS } from "@pinjaman/domain/timings";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeContext, makeField, PROGRESS_ID } from "./field-test-kit.tsx";
import OpenBankingField, { OPEN_BANKING_WIDGET_URL, type OpenBankingEvent, type OpenBankingWidget } from "./open-banking-field.tsx";

const CUSTOMER = "5e0f1b2c-3d4e-4f50-8a61-7b8c9d0e1f23";

const field = makeField("open_banking", { key: "open_banking_connection", label: "Hubungkan rekening bank", config: { provider: "sandbox" } });

function Host({ advance, onChange }: { advance: () => void; onChange: (v: unknown) => void }) {
  const [value, setValue] = useState<string | null>(null);
  const ctx = makeContext({ flowProgressId: PROGRESS_ID, advance, customerId: CUSTOMER });
  return (
    <OpenBankingField
      field={field}
      value={value}
      onChange={(v) => {
        onChange(v);
        setValue(v as string | null);
      }}
      errors={[]}
      disabled={false}
      context={ctx}
    />
  );
}

beforeEach(() => {
  delete window.PinjamanOpenBanking;
  document.head.querySelectorAll("script").forEach((s) => s.remove());
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete window.PinjamanOpenBanking;
});

describe("OpenBankingField", () => {
  it("adds the widget script, retries setup every 800 ms until the widget exists, then advances on finished", async () => {
    const advance = vi.fn();
    const onChange = vi.fn();
    render(<Host advance={advance} onChange={onChange} />);
    const scripts = document.head.querySelectorAll(`script[src="${OPEN_BANKING_WIDGET_URL}"]`);
    expect(scripts).toHaveLength(1);
    expect(screen.getByText("Memuat koneksi bank ...")).toBeTruthy();

    let onEvent: ((event: OpenBankingEvent) => void) | undefined;
    const setup = vi.fn<OpenBankingWidget["setup"]>((options) => {
      onEvent = options.onEvent;
      return { destroy: vi.fn() };
    });
    act(() => vi.advanceTimersByTime(WIDGET_RETRY_MS * 2));
    // Not there yet after two retries: nothing set up.
    expect(setup).not.toHaveBeenCalled();
    window.PinjamanOpenBanking = { setup };
    act(() => vi.advanceTimersByTime(WIDGET_RETRY_MS - 1));
    expect(setup).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(setup).toHaveBeenCalledTimes(1);
    const options = setup.mock.calls[0]![0];
    expect(options.flowProgressId).toBe(PROGRESS_ID);
    expect(options.customerId).toBe(CUSTOMER);
    expect(options.container.className).toBe("open-banking-field__widget");
    act(() => vi.advanceTimersByTime(WIDGET_RETRY_MS * 3));
    expect(setup).toHaveBeenCalledTimes(1);

    expect(advance).not.toHaveBeenCalled();
    act(() => onEvent!({ type: "finished", connection_id: "sbx_conn_abc" }));
    expect(onChange).toHaveBeenCalledWith("sbx_conn_abc");
    expect(advance).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Rekening bank terhubung")).toBeTruthy();
  });

  it("sets up at once when the widget is already loaded", () => {
    const setup = vi.fn(() => undefined);
    window.PinjamanOpenBanking = { setup };
    render(<Host advance={vi.fn()} onChange={vi.fn()} />);
    expect(setup).toHaveBeenCalledTimes(1);
  });
});
