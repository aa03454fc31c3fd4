import type { FormField } from "@pinjaman/contracts/flows";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FieldContext, FieldRendererProps } from "./field-props.ts";
import { makeContext, makeField, PROGRESS_ID, uploadedValue } from "./field-test-kit.tsx";

const upload = vi.hoisted(() => ({
  fn: vi.fn<(file: Blob, filename: string, options: { presign: unknown; onProgress?(p: number): void; signal?: AbortSignal }) => Promise<string>>(),
}));
vi.mock("./upload-client.ts", () => ({ uploadFieldFile: upload.fn }));

const { default: CameraField, cameraErrorText } = await import("./camera-field.tsx");

const UPLOADED = uploadedValue("1700000000000.jpg", "image/jpeg", 3);

function field(templateKey: "camera_front" | "camera_rear"): FormField {
  return makeField(templateKey, templateKey === "camera_front" ? { key: "selfie", label: "Foto selfie" } : { key: "ktp_photo", label: "Foto KTP" });
}

function context(overrides: Partial<FieldContext> = {}): FieldContext {
  return makeContext({ flowProgressId: PROGRESS_ID, onFilePresign: vi.fn(), ...overrides });
}

type FakeTrack = { stop: ReturnType<typeof vi.fn>; deviceId: string };
let tracks: FakeTrack[];
let getUserMedia: ReturnType<typeof vi.fn>;
let enumerateDevices: ReturnType<typeof vi.fn>;

function fakeStream(deviceId: string) {
  const track: FakeTrack = { stop: vi.fn(), deviceId };
  tracks.push(track);
  return {
    getTracks: () => [track],
    getVideoTracks: () => [{ ...track, getSettings: () => ({ deviceId }) }],
  };
}

function setCameras(ids: string[]) {
  enumerateDevices.mockResolvedValue([
    ...ids.map((deviceId) => ({ kind: "videoinput", deviceId, label: deviceId, groupId: "g" })),
    { kind: "audioinput", deviceId: "mic", label: "mic", groupId: "g" },
  ]);
}

function renderCamera(props: Partial<FieldRendererProps> & { templateKey?: "camera_front" | "camera_rear" } = {}) {
  const onChange = vi.fn();
  const { templateKey = "camera_rear", ...rest } = props;
  const utils = render(
    <CameraField field={field(templateKey)} value={null} onChange={onChange} errors={[]} disabled={false} context={context()} {...rest} />,
  );
  return { onChange, ...utils };
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  tracks = [];
  getUserMedia = vi.fn(async (constraints: { video: { deviceId?: { exact: string } } }) => fakeStream(constraints.video.deviceId?.exact ?? "cam-a"));
  enumerateDevices = vi.fn();
  setCameras(["cam-a"]);
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia, enumerateDevices } });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(function (callback: BlobCallback, type?: string) {
    callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type }));
  });
  URL.createObjectURL = vi.fn(() => "blob:photo");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  upload.fn.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("CameraField", () => {
  it("goes off → live → captured (500 ms flash, stream stopped) → uploading with progress → uploaded", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date(1_700_000_000_000));
    let report: ((percent: number) => void) | undefined;
    let finish: ((value: string) => void) | undefined;
    upload.fn.mockImplementation((_blob, _name, options) => {
      report = options.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const ctx = context();
    const { onChange, container } = renderCamera({ context: ctx });

    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("off");
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("live");
    expect(screen.getByLabelText("Pratinjau kamera").tagName).toBe("VIDEO");

    fireEvent.click(screen.getByRole("button", { name: "Ambil foto" }));
    await flush();
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("captured");
    expect(tracks[0]!.stop).toHaveBeenCalledTimes(1);
    expect(screen.getByAltText("Foto yang diambil")).toHaveProperty("src", "blob:photo");
    expect(screen.getByTestId("shutter-flash")).toBeTruthy();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByTestId("shutter-flash")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("shutter-flash")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Gunakan foto ini" }));
    await flush();
    const [blob, filename, options] = upload.fn.mock.calls[0]!;
    expect(blob.type).toBe("image/jpeg");
    expect(filename).toBe("1700000000000.jpg");
    expect(options.presign).toBe(ctx.onFilePresign);
    const bar = screen.getByRole("progressbar");
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    act(() => report!(42));
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("42");
    act(() => report!(-1));
    expect(screen.getByRole("progressbar").hasAttribute("aria-valuenow")).toBe(false);

    await act(async () => finish!(UPLOADED));
    expect(onChange).toHaveBeenCalledWith(UPLOADED);
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("uploaded");
    expect(screen.getByText("Foto berhasil diunggah")).toBeTruthy();
  });

  it("asks the rear variant for the environment camera and the front variant for the user camera", async () => {
    renderCamera({ templateKey: "camera_rear" });
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: { facingMode: "environment" }, audio: false });
    cleanup();
    renderCamera({ templateKey: "camera_front" });
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: { facingMode: "user" }, audio: false });
  });

  it("switches between three cameras in turn and offers no switch with one", async () => {
    setCameras(["cam-a", "cam-b", "cam-c"]);
    renderCamera();
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    const used = () => getUserMedia.mock.calls.map(([c]) => (c as { video: { deviceId?: { exact: string } } }).video.deviceId?.exact ?? "facing");
    for (let i = 0; i < 3; i++) {
      fireEvent.click(screen.getByRole("button", { name: "Ganti kamera" }));
      await flush();
    }
    expect(used()).toEqual(["facing", "cam-b", "cam-c", "cam-a"]);
    // Each switch stopped the stream before it.
    expect(tracks.slice(0, 3).every((track) => track.stop.mock.calls.length === 1)).toBe(true);
    cleanup();
    setCameras(["cam-a"]);
    renderCamera();
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    expect(screen.queryByRole("button", { name: "Ganti kamera" })).toBeNull();
  });

  it("shows the Indonesian camera error with the browser's message, and without one", async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException("Permission denied", "NotAllowedError"));
    renderCamera();
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Tidak dapat mengakses kamera Anda (Permission denied)");
    expect(console.warn).toHaveBeenCalledWith("Can not access your camera", expect.anything());

    getUserMedia.mockRejectedValueOnce({});
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Tidak dapat mengakses kamera Anda");
    expect(cameraErrorText(new Error(""))).toBe("Tidak dapat mengakses kamera Anda");
  });

  it("surfaces 'onFilePresign not configured!' under the field when the context has no presign handler", async () => {
    upload.fn.mockImplementation(async (_blob, _name, options) => {
      if (options.presign === null) throw new Error("onFilePresign not configured!");
      return UPLOADED;
    });
    const { onChange } = renderCamera({ context: context({ onFilePresign: null }) });
    fireEvent.click(screen.getByRole("button", { name: "Nyalakan kamera" }));
    await flush();
    fireEvent.click(screen.getByRole("button", { name: "Ambil foto" }));
    await flush();
    fireEvent.click(screen.getByRole("button", { name: "Gunakan foto ini" }));
    await flush();
    expect(upload.fn.mock.calls[0]![2].presign).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("onFilePresign not configured!");
    expect(onChange).not.toHaveBeenCalled();
    // Still on the photo: accept again or retake.
    expect(screen.getByRole("button", { name: "Ulangi foto" })).toBeTruthy();
  });

  it("retake clears the value and restarts the camera; unmount stops every track", async () => {
    const { onChange, unmount } = renderCamera({ value: UPLOADED });
    expect(screen.getByText("Foto berhasil diunggah")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ulangi foto" }));
    await flush();
    expect(onChange).toHaveBeenCalledWith(null);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Ambil foto" })).toBeTruthy();
    unmount();
    expect(tracks[0]!.stop).toHaveBeenCalledTimes(1);
  });
});
