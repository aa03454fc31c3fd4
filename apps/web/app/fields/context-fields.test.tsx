import type { FieldValue } from "@pinjaman/contracts/flows";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import CustomerAffiliateField from "./customer-affiliate-field.tsx";
import { Harness, makeContext, makeField } from "./field-test-kit.tsx";
import GeolocationField from "./geolocation-field.tsx";
import TermsField from "./terms-field.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function stubGeolocation(getCurrentPosition: Geolocation["getCurrentPosition"]) {
  vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
}

describe("GeolocationField", () => {
  it("stores 'latitude, longitude' with 6 decimals once on creation", () => {
    const get = vi.fn<Geolocation["getCurrentPosition"]>((success) =>
      success({ coords: { latitude: -6.2087634, longitude: 106.845599 } } as GeolocationPosition),
    );
    stubGeolocation(get);
    const changes: FieldValue[] = [];
    render(<Harness Renderer={GeolocationField} field={makeField("geolocation", { required: false })} context={makeContext()} changes={changes} />);
    expect(changes).toEqual(["-6.208763, 106.845599"]);
    expect(get).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status").textContent).toBe("Lokasi Anda telah tercatat.");
  });

  it("only logs a refusal", () => {
    stubGeolocation((_success, failure) => failure?.({ code: 1, message: "User denied Geolocation" } as GeolocationPositionError));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const changes: FieldValue[] = [];
    render(<Harness Renderer={GeolocationField} field={makeField("geolocation", { required: false })} context={makeContext()} changes={changes} />);
    expect(changes).toEqual([]);
    expect(warn).toHaveBeenCalledWith("[geolocation] position not available", "User denied Geolocation");
    expect(screen.getByRole("status").textContent).toBe("Lokasi tidak tersedia. Anda tetap dapat melanjutkan.");
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("only logs a browser without the API", async () => {
    vi.stubGlobal("navigator", { ...navigator, geolocation: undefined });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const changes: FieldValue[] = [];
    render(<Harness Renderer={GeolocationField} field={makeField("geolocation", { required: false })} context={makeContext()} changes={changes} />);
    await flush();
    expect(changes).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("CustomerAffiliateField", () => {
  it("fills itself with the stored affiliate", () => {
    const changes: FieldValue[] = [];
    render(
      <Harness
        Renderer={CustomerAffiliateField}
        field={makeField("customer_affiliate", { label: "Kode afiliasi", readOnly: true, required: false })}
        context={makeContext({ affiliate: "mitra-42" })}
        changes={changes}
      />,
    );
    expect(changes).toEqual(["mitra-42"]);
    expect(screen.getByText("mitra-42")).toBeTruthy();
  });

  it("leaves the value alone without an affiliate", () => {
    const changes: FieldValue[] = [];
    render(<Harness Renderer={CustomerAffiliateField} field={makeField("customer_affiliate")} context={makeContext()} changes={changes} />);
    expect(changes).toEqual([]);
    expect(screen.getByText("Tanpa kode afiliasi")).toBeTruthy();
  });
});

describe("TermsField", () => {
  const field = makeField("terms", { key: "terms", label: "Syarat dan ketentuan", config: { text: "Pasal 1.\n\nPasal 2." } });

  function scrollTo(box: HTMLElement, top: number) {
    Object.defineProperty(box, "scrollHeight", { configurable: true, value: 1000 });
    Object.defineProperty(box, "clientHeight", { configurable: true, value: 260 });
    box.scrollTop = top;
    fireEvent.scroll(box);
  }

  it("blocks the step until the text is scrolled to the bottom, then lets the person agree", () => {
    const context = makeContext();
    const changes: FieldValue[] = [];
    render(<Harness Renderer={TermsField} field={field} context={context} changes={changes} />);
    const agree = screen.getByRole("checkbox", { name: "Saya telah membaca dan menyetujui syarat dan ketentuan di atas" }) as HTMLInputElement;
    const box = screen.getByRole("region", { name: "Syarat dan ketentuan" });
    expect(screen.getByText("Pasal 2.")).toBeTruthy();
    expect(agree.disabled).toBe(true);
    expect(context.setBlocking).toHaveBeenLastCalledWith("terms", true);

    scrollTo(box, 700); // 700 + 260 < 1000 − 2
    expect(agree.disabled).toBe(true);
    expect(context.setBlocking).toHaveBeenLastCalledWith("terms", true);

    scrollTo(box, 740);
    expect(agree.disabled).toBe(false);
    expect(context.setBlocking).toHaveBeenLastCalledWith("terms", false);
    fireEvent.click(agree);
    expect(changes).toEqual([true]);
  });

  it("counts terms agreed before (a resumed progress) as read", () => {
    const context = makeContext();
    render(<Harness Renderer={TermsField} field={field} initial={true} context={context} changes={[]} />);
    expect(context.setBlocking).toHaveBeenLastCalledWith("terms", false);
    expect((screen.getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
  });
});
