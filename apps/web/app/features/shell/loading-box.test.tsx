import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LoadingBox } from "./loading-box.tsx";

afterEach(cleanup);

describe("LoadingBox", () => {
  it("shows a spinner with Memuat ... while not loaded", () => {
    render(
      <LoadingBox loaded={false}>
        <p>Isi</p>
      </LoadingBox>,
    );
    expect(screen.getByRole("status").textContent).toBe("Memuat ...");
    expect(screen.queryByText("Isi")).toBeNull();
  });

  it("shows the error text in an alert", () => {
    render(
      <LoadingBox loaded={false} error="Terjadi kesalahan pada server. Silakan coba lagi.">
        <p>Isi</p>
      </LoadingBox>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Terjadi kesalahan pada server. Silakan coba lagi.");
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByText("Isi")).toBeNull();
  });

  it("shows the content once loaded", () => {
    render(
      <LoadingBox loaded error={null}>
        <p>Isi</p>
      </LoadingBox>,
    );
    expect(screen.getByText("Isi")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
