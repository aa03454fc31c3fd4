import type { FieldValue } from "@pinjaman/contracts/flows";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Harness, makeContext, makeField } from "./field-test-kit.tsx";
import PasswordField from "./password-field.tsx";
import PhoneField from "./phone-field.tsx";

afterEach(cleanup);

describe("PasswordField", () => {
  it("has the eye toggle for the field keyed password", () => {
    const changes: FieldValue[] = [];
    render(<Harness Renderer={PasswordField} field={makeField("password", { key: "password", label: "Kata sandi" })} context={makeContext()} changes={changes} />);
    const input = screen.getByLabelText("Kata sandi") as HTMLInputElement;
    expect(input.type).toBe("password");
    const toggle = screen.getByRole("button", { name: "Tampilkan kata sandi" });
    fireEvent.click(toggle);
    expect(input.type).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.change(input, { target: { value: "rahasia123" } });
    expect(changes).toEqual(["rahasia123"]);
  });

  it("has no toggle for any other key", () => {
    render(<Harness Renderer={PasswordField} field={makeField("password", { key: "password_confirmation", label: "Ulangi" })} context={makeContext()} changes={[]} />);
    expect((screen.getByLabelText("Ulangi") as HTMLInputElement).type).toBe("password");
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("PhoneField", () => {
  it("shows a fixed +62 and stores E.164", () => {
    const changes: FieldValue[] = [];
    render(<Harness Renderer={PhoneField} field={makeField("phone", { label: "Nomor ponsel" })} context={makeContext()} changes={changes} />);
    const input = screen.getByLabelText("Nomor ponsel") as HTMLInputElement;
    expect(screen.getByText("+62")).toBeTruthy();
    fireEvent.change(input, { target: { value: "0812 3456 7890" } });
    fireEvent.change(input, { target: { value: "6281234567891" } });
    fireEvent.change(input, { target: { value: "81234567892" } });
    expect(changes).toEqual(["+6281234567890", "+6281234567891", "+6281234567892"]);
    expect(input.value).toBe("81234567892");
  });

  it("shows the national digits of a stored number", () => {
    render(<Harness Renderer={PhoneField} field={makeField("phone", { label: "Nomor ponsel" })} initial="+6281234567890" context={makeContext()} changes={[]} />);
    expect((screen.getByLabelText("Nomor ponsel") as HTMLInputElement).value).toBe("81234567890");
  });
});
