import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FieldFrame } from "./field-frame.tsx";

afterEach(cleanup);

const field = { key: "full_name", label: "Nama lengkap", hint: "Sesuai KTP", required: true };

describe("FieldFrame", () => {
  it("joins the errors with a comma in an alert and wires the control to hint and errors", () => {
    render(
      <FieldFrame field={field} errors={["Wajib diisi", "Maksimal 200 karakter"]}>
        {({ id, describedBy, invalid }) => <input id={id} aria-describedby={describedBy} aria-invalid={invalid} />}
      </FieldFrame>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Wajib diisi, Maksimal 200 karakter");
    const input = screen.getByLabelText("Nama lengkap");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Sesuai KTP", "Wajib diisi, Maksimal 200 karakter"]);
  });

  it("keeps an empty alert and no invalid mark without errors", () => {
    render(
      <FieldFrame field={{ ...field, hint: null }} errors={[]}>
        {({ id, describedBy, invalid }) => <input id={id} aria-describedby={describedBy} aria-invalid={invalid} />}
      </FieldFrame>,
    );
    expect(screen.getByRole("alert").textContent).toBe("");
    const input = screen.getByLabelText("Nama lengkap");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
  });
});
