import type { FieldValue } from "@pinjaman/contracts/flows";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Harness, makeContext, makeField } from "./field-test-kit.tsx";
import PersonalCodeField from "./personal-code-field.tsx";

const UNDERAGE =
  "Mohon Maaf. Kami tidak lagi menerima pengajuan dari pengguna di bawah 25 tahun. Silahkan merujuk ke bagian persyaratan minimum di situs/aplikasi kami.";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-15T03:00:00Z")); // 10:00 in Jakarta
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("PersonalCodeField", () => {
  it("shows the under-25 message live and blocks the step until the code is fixed", () => {
    const context = makeContext();
    const changes: FieldValue[] = [];
    const field = makeField("personal_code_input", { key: "personal_code", label: "NIK" });
    render(<Harness Renderer={PersonalCodeField} field={field} context={context} changes={changes} />);
    const input = screen.getByLabelText("NIK") as HTMLInputElement;
    const setBlocking = vi.mocked(context.setBlocking);
    expect(setBlocking).toHaveBeenLastCalledWith("personal_code", false);

    // Under 12 characters: no check.
    fireEvent.change(input, { target: { value: "32010115080" } });
    expect(screen.getByRole("alert").textContent).toBe("");
    expect(setBlocking).toHaveBeenLastCalledWith("personal_code", false);

    // Born 15-08-2005: 20 years old.
    fireEvent.change(input, { target: { value: "320101150805" } });
    expect(screen.getByRole("alert").textContent).toBe(UNDERAGE);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(setBlocking).toHaveBeenLastCalledWith("personal_code", true);

    // Born 15-08-1990: fine.
    fireEvent.change(input, { target: { value: "3201011508900001" } });
    expect(screen.getByRole("alert").textContent).toBe("");
    expect(setBlocking).toHaveBeenLastCalledWith("personal_code", false);
    expect(changes.at(-1)).toBe("3201011508900001");
  });

  it("keeps digits only, 16 at most", () => {
    const changes: FieldValue[] = [];
    render(<Harness Renderer={PersonalCodeField} field={makeField("personal_code_input", { label: "NIK" })} context={makeContext()} changes={changes} />);
    fireEvent.change(screen.getByLabelText("NIK"), { target: { value: "32.01-01 15089000012345" } });
    expect(changes).toEqual(["3201011508900001"]);
  });

  it("unblocks when it leaves the step", () => {
    const context = makeContext();
    const view = render(
      <Harness Renderer={PersonalCodeField} field={makeField("personal_code_input", { label: "NIK" })} initial="320101150805" context={context} changes={[]} />,
    );
    expect(context.setBlocking).toHaveBeenLastCalledWith("personal_code_input", true);
    view.unmount();
    expect(context.setBlocking).toHaveBeenLastCalledWith("personal_code_input", false);
  });
});
