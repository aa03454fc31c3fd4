import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeContext, makeField, uploadedValue } from "./field-test-kit.tsx";

const upload = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock("./upload-client.ts", () => ({ uploadFieldFile: upload.fn }));
const { default: FileUploadField, formatSize } = await import("./file-upload-field.tsx");

const field = makeField("file_upload", {
  key: "salary_slip",
  label: "Slip gaji",
  config: { accept: ["application/pdf", "image/jpeg"], max_size: 1024 * 1024 },
});

const context = makeContext();

const VALUE = uploadedValue("slip.pdf", "application/pdf", 5);

afterEach(() => {
  cleanup();
  upload.fn.mockReset();
});

function pick(file: File) {
  fireEvent.change(screen.getByLabelText("Slip gaji"), { target: { files: [file] } });
}

describe("FileUploadField", () => {
  it("refuses a file over config.max_size before uploading, in Indonesian", () => {
    render(<FileUploadField field={field} value={null} onChange={vi.fn()} errors={[]} disabled={false} context={context} />);
    pick(new File([new Uint8Array(1024 * 1024 + 1)], "big.pdf", { type: "application/pdf" }));
    expect(screen.getByRole("alert").textContent).toBe("Ukuran berkas terlalu besar. Maksimal 1 MB.");
    expect(upload.fn).not.toHaveBeenCalled();
    pick(new File([new Uint8Array(3)], "x.png", { type: "image/png" }));
    expect(screen.getByRole("alert").textContent).toBe("Jenis berkas tidak didukung. Gunakan PDF, JPG.");
    expect(formatSize(1536 * 1024)).toBe("1,5 MB");
  });

  it("uploads, shows the file name, and removes it", async () => {
    upload.fn.mockResolvedValue(VALUE);
    const onChange = vi.fn();
    const { rerender } = render(<FileUploadField field={field} value={null} onChange={onChange} errors={[]} disabled={false} context={context} />);
    pick(new File([new Uint8Array(5)], "slip.pdf", { type: "application/pdf" }));
    await act(async () => undefined);
    expect(upload.fn.mock.calls[0]![1]).toBe("slip.pdf");
    expect(upload.fn.mock.calls[0]![2].presign).toBeNull();
    expect(onChange).toHaveBeenCalledWith(VALUE);
    rerender(<FileUploadField field={field} value={VALUE} onChange={onChange} errors={[]} disabled={false} context={context} />);
    expect(screen.getByText("Berkas terunggah: slip.pdf")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Hapus berkas" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("shows the upload error under the field", async () => {
    upload.fn.mockRejectedValue(new Error("onFilePresign not configured!"));
    render(<FileUploadField field={field} value={null} onChange={vi.fn()} errors={[]} disabled={false} context={context} />);
    pick(new File([new Uint8Array(5)], "slip.pdf", { type: "application/pdf" }));
    await act(async () => undefined);
    expect(screen.getByRole("alert").textContent).toBe("onFilePresign not configured!");
  });
});
