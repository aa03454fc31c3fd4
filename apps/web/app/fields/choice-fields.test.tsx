import type { FieldValue } from "@pinjaman/contracts/flows";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Harness, makeContext, makeField } from "./field-test-kit.tsx";
import SearchDropdownField from "./search-dropdown-field.tsx";
import SliderField from "./slider-field.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const options = [
  { value: "karyawan", label: "Karyawan swasta" },
  { value: "pns", label: "Pegawai negeri" },
  { value: "wiraswasta", label: "Wiraswasta" },
];

describe("SearchDropdownField", () => {
  it("filters the options as the person types and picks one", () => {
    const changes: FieldValue[] = [];
    render(<Harness Renderer={SearchDropdownField} field={makeField("search_dropdown", { label: "Pekerjaan", options })} context={makeContext()} changes={changes} />);
    const box = screen.getByRole("combobox", { name: "Pekerjaan" }) as HTMLInputElement;
    fireEvent.focus(box);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Karyawan swasta", "Pegawai negeri", "Wiraswasta"]);
    fireEvent.change(box, { target: { value: "swa" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Karyawan swasta", "Wiraswasta"]);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(screen.getByText("Wiraswasta").id);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(changes).toEqual(["wiraswasta"]);
    expect(box.value).toBe("Wiraswasta");
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("says 'Tidak ada opsi yang cocok' when nothing matches", () => {
    render(<Harness Renderer={SearchDropdownField} field={makeField("search_dropdown", { label: "Pekerjaan", options })} context={makeContext()} changes={[]} />);
    const box = screen.getByRole("combobox", { name: "Pekerjaan" });
    fireEvent.change(box, { target: { value: "nelayan" } });
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe("Tidak ada opsi yang cocok");
  });

  it("picks with the mouse", () => {
    const changes: FieldValue[] = [];
    render(<Harness Renderer={SearchDropdownField} field={makeField("search_dropdown", { label: "Pekerjaan", options })} context={makeContext()} changes={changes} />);
    fireEvent.focus(screen.getByRole("combobox", { name: "Pekerjaan" }));
    fireEvent.click(screen.getByRole("option", { name: "Pegawai negeri" }));
    expect(changes).toEqual(["pns"]);
  });
});

function stubWidth(width: number) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query === "(min-width: 960px)" && width >= 960,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const terms = makeField("slider", { key: "term", label: "Tenor", rangeValues: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], config: { unit: "bulan" } });
const amounts = makeField("slider", { key: "amount", label: "Jumlah", rangeValues: [500000, 1000000, 1500000, 2000000], config: { unit: "rupiah" } });

describe("SliderField", () => {
  it("is a select with the units below 960 px", () => {
    stubWidth(959);
    const changes: FieldValue[] = [];
    render(<Harness Renderer={SliderField} field={amounts} initial={500000} context={makeContext()} changes={changes} />);
    const select = screen.getByLabelText("Jumlah") as HTMLSelectElement;
    expect(select.tagName).toBe("SELECT");
    expect([...select.options].map((o) => o.textContent)).toEqual(["Rp 500.000", "Rp 1.000.000", "Rp 1.500.000", "Rp 2.000.000"]);
    fireEvent.change(select, { target: { value: "1500000" } });
    expect(changes).toEqual([1500000]);
  });

  it("is a select without matchMedia (the server's view)", () => {
    render(<Harness Renderer={SliderField} field={terms} initial={7} context={makeContext()} changes={[]} />);
    expect(screen.getByLabelText("Tenor").tagName).toBe("SELECT");
    expect((screen.getByLabelText("Tenor") as HTMLSelectElement).value).toBe("7");
  });

  it("is a range from 960 px that stores whole numbers within rangeValues", () => {
    stubWidth(960);
    const changes: FieldValue[] = [];
    render(<Harness Renderer={SliderField} field={terms} initial={7} context={makeContext()} changes={changes} />);
    const range = screen.getByLabelText("Tenor") as HTMLInputElement;
    expect(range.type).toBe("range");
    expect([range.min, range.max, range.step]).toEqual(["1", "12", "1"]);
    expect(range.getAttribute("aria-valuetext")).toBe("7 bulan");
    fireEvent.change(range, { target: { value: "9" } });
    expect(screen.getByText("9 bulan")).toBeTruthy();
    expect(changes).toEqual([9]);
  });

  it("shows a stray stored value truncated and limited", () => {
    stubWidth(960);
    render(<Harness Renderer={SliderField} field={terms} initial={7.9} context={makeContext()} changes={[]} />);
    expect((screen.getByLabelText("Tenor") as HTMLInputElement).getAttribute("aria-valuetext")).toBe("7 bulan");
    cleanup();
    render(<Harness Renderer={SliderField} field={amounts} initial={25000000} context={makeContext()} changes={[]} />);
    expect((screen.getByLabelText("Jumlah") as HTMLInputElement).getAttribute("aria-valuetext")).toBe("Rp 2.000.000");
  });
});
