import type { FieldValue, FlowValues, FormField } from "@pinjaman/contracts/flows";
import { ADDRESS_SEARCH_DEBOUNCE_MS, type AddressType } from "@pinjaman/domain/address-filter";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AddressField, { ADDRESS_AUTOCOMPLETE_URL, addressKeys } from "./address-field.tsx";
import { makeContext, makeField } from "./field-test-kit.tsx";

function field(type: AddressType, overrides: Partial<FormField> = {}): FormField {
  return makeField("address", { key: type, label: `Label ${type}`, config: { address_type: type }, ...overrides });
}

function context(values: FlowValues, setValues = vi.fn()) {
  return makeContext({ values, setValues });
}

let bodies: { type: string; filters: unknown[] }[];
let reply: (body: { type: string }) => { field: string; value: string; label: string }[];

async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  bodies = [];
  reply = () => [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(ADDRESS_AUTOCOMPLETE_URL);
      const body = JSON.parse(String(init.body)) as { type: string; filters: unknown[] };
      bodies.push(body);
      return new Response(JSON.stringify({ data: { data: reply(body) } }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AddressField", () => {
  it("is disabled and cleared while a required parent is empty, and never searches", async () => {
    const onChange = vi.fn();
    render(<AddressField field={field("city")} value="32.73" onChange={onChange} errors={[]} disabled={false} context={context({ region: "" })} />);
    expect((screen.getByLabelText("Label city") as HTMLInputElement).disabled).toBe(true);
    expect(onChange).toHaveBeenCalledWith(null);
    act(() => vi.advanceTimersByTime(ADDRESS_SEARCH_DEBOUNCE_MS * 3));
    await flush();
    expect(bodies).toEqual([]);
  });

  it("is disabled and cleared while read-only", () => {
    const onChange = vi.fn();
    render(
      <AddressField field={field("region", { readOnly: true })} value="32" onChange={onChange} errors={[]} disabled={false} context={context({})} />,
    );
    expect((screen.getByLabelText("Label region") as HTMLInputElement).disabled).toBe(true);
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it("searches 350 ms after the last keystroke with starts_with under 4 characters, contains from 4, and equals per parent", async () => {
    reply = () => [{ field: "subdistrict", value: "32.73.01.1001", label: "Sukaluyu" }];
    render(
      <AddressField
        field={field("subdistrict")}
        value={null}
        onChange={vi.fn()}
        errors={[]}
        disabled={false}
        context={context({ region: "32", city: " 32.73 ", district: "32.73.01" })}
      />,
    );
    // The initial list under the parents also waits for the debounce.
    act(() => vi.advanceTimersByTime(ADDRESS_SEARCH_DEBOUNCE_MS - 1));
    await flush();
    expect(bodies).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    await flush();
    expect(bodies).toEqual([
      {
        type: "subdistrict",
        filters: [
          { field: "city", op: "equals", value: "32.73" },
          { field: "district", op: "equals", value: "32.73.01" },
        ],
      },
    ]);

    const input = screen.getByLabelText("Label subdistrict");
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "Su" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: "Suk" } });
    act(() => vi.advanceTimersByTime(ADDRESS_SEARCH_DEBOUNCE_MS - 1));
    await flush();
    expect(bodies).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    await flush();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.filters[0]).toEqual({ field: "subdistrict", op: "starts_with", value: "Suk" });

    fireEvent.change(input, { target: { value: "Suka" } });
    act(() => vi.advanceTimersByTime(ADDRESS_SEARCH_DEBOUNCE_MS));
    await flush();
    expect(bodies).toHaveLength(3);
    expect(bodies[2]!.filters).toEqual([
      { field: "subdistrict", op: "contains", value: "Suka" },
      { field: "city", op: "equals", value: "32.73" },
      { field: "district", op: "equals", value: "32.73.01" },
    ]);
    expect(screen.getByRole("option", { name: "Sukaluyu" })).toBeTruthy();
  });

  it("clears its dependents when its value changes, and shows the saved label", async () => {
    reply = () => [
      { field: "city", value: "32.73", label: "Kota Bandung" },
      { field: "city", value: "32.04", label: "Kabupaten Bandung" },
    ];
    const setValues = vi.fn();
    const onChange = vi.fn();
    render(
      <AddressField
        field={field("city", { key: "business_city", options: [{ value: "32.73", label: "Kota Bandung" }] })}
        value="32.73"
        onChange={onChange}
        errors={[]}
        disabled={false}
        context={context({ business_region: "32" }, setValues)}
      />,
    );
    const input = screen.getByLabelText("Label city") as HTMLInputElement;
    expect(input.value).toBe("Kota Bandung");
    act(() => vi.advanceTimersByTime(ADDRESS_SEARCH_DEBOUNCE_MS));
    await flush();
    expect(bodies[0]).toEqual({ type: "city", filters: [{ field: "region", op: "equals", value: "32" }] });
    fireEvent.focus(input);
    fireEvent.click(screen.getByRole("option", { name: "Kabupaten Bandung" }));
    expect(onChange).toHaveBeenCalledWith("32.04");
    expect(setValues).toHaveBeenCalledWith({ business_district: null, business_subdistrict: null, business_postal_code: null });
  });

  it("accepts a typed 5-digit postal code when the subdistrict has none", async () => {
    let value: FieldValue = null;
    const onChange = vi.fn((next: FieldValue) => (value = next));
    const parents = { city: "32.73", district: "32.73.01", subdistrict: "32.73.01.1001" };
    const { rerender } = render(
      <AddressField field={field("postal_code")} value={value} onChange={onChange} errors={[]} disabled={false} context={context(parents)} />,
    );
    act(() => vi.advanceTimersByTime(ADDRESS_SEARCH_DEBOUNCE_MS));
    await flush();
    expect(bodies[0]!.type).toBe("postal_code");
    expect(screen.getByText("Kode pos tidak ditemukan untuk kelurahan ini. Ketik 5 digit kode pos.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Label postal_code"), { target: { value: "40a11" } });
    expect(onChange).toHaveBeenLastCalledWith("4011");
    rerender(<AddressField field={field("postal_code")} value={value} onChange={onChange} errors={[]} disabled={false} context={context(parents)} />);
    expect(screen.getByRole("alert").textContent).toBe("Kode pos terdiri dari 5 digit angka");
    fireEvent.change(screen.getByLabelText("Label postal_code"), { target: { value: "40111" } });
    expect(onChange).toHaveBeenLastCalledWith("40111");
  });

  it("derives the chain's keys from the field's key", () => {
    expect(addressKeys("business_district", "district").region).toBe("business_region");
    expect(addressKeys("kota", "city").district).toBe("district");
  });
});
