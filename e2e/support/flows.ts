import type { Page } from "@playwright/test";
import { expect } from "./test.ts";

/** Browser settings of a person on a phone with a camera and location (Chromium's fake devices). */
export const PHONE_WITH_CAMERA = {
  viewport: { width: 360, height: 740 },
  permissions: ["geolocation", "camera"],
  geolocation: { latitude: -6.872, longitude: 107.589 },
};

export const FAKE_MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

export async function next(page: Page, expectedTitle: string | RegExp) {
  await page.getByRole("button", { name: "Lanjutkan" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(expectedTitle);
}

/** Types into a search dropdown and picks the option with this name. */
export async function choose(page: Page, label: string, query: string, option: string) {
  const box = page.getByRole("combobox", { name: label });
  await expect(box).toBeEnabled();
  await box.fill(query);
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

/** Takes and uploads a photo with the camera field labelled `label`. */
export async function takePhoto(page: Page, label: string) {
  const field = page.getByRole("group", { name: label });
  await field.getByRole("button", { name: "Nyalakan kamera" }).click();
  await field.getByRole("button", { name: "Ambil foto" }).click();
  await field.getByRole("button", { name: "Gunakan foto ini" }).click();
  await expect(field.getByText("Foto berhasil diunggah")).toBeVisible({ timeout: 15_000 });
}
