import { FIELD_TEMPLATE_KEYS } from "@pinjaman/contracts/flows";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { makeContext, makeField } from "./field-test-kit.tsx";
import { FIELD_RENDERERS, FieldRenderer } from "./registry.tsx";

afterEach(cleanup);

describe("field registry", () => {
  it("has a renderer for every template key", () => {
    expect(Object.keys(FIELD_RENDERERS).sort()).toEqual([...FIELD_TEMPLATE_KEYS].sort());
    for (const key of FIELD_TEMPLATE_KEYS) expect(typeof FIELD_RENDERERS[key]).toBe("function");
    expect(FIELD_RENDERERS.camera_front).toBe(FIELD_RENDERERS.camera_rear);
  });

  it("renders a field by its template", () => {
    render(
      <FieldRenderer
        field={makeField("text", { label: "Nama lengkap" })}
        value="Budi"
        onChange={() => {}}
        errors={["Wajib diisi"]}
        disabled={false}
        context={makeContext()}
      />,
    );
    expect((screen.getByLabelText("Nama lengkap") as HTMLInputElement).value).toBe("Budi");
    expect(screen.getByRole("alert").textContent).toBe("Wajib diisi");
  });

  it("shows 'Memuat ...' while a heavy renderer loads", () => {
    render(
      <FieldRenderer field={makeField("voice_recording")} value={null} onChange={() => {}} errors={[]} disabled={false} context={makeContext()} />,
    );
    expect(screen.getByRole("status").textContent).toBe("Memuat ...");
  });
});
