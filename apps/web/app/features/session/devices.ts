import type { Device } from "@pinjaman/contracts/identity";

/**
 * This browser as a device of the customer (spec sections 3 and 4): at identity load a push
 * token is obtained (failure ignored), the customer's devices are searched by identifier; none
 * → create; otherwise the first still active one is deactivated, then a new one is created.
 */

export type OperatingSystem = "web" | "android" | "ios";

/** The reported OS (spec section 9): android, ios, else web (desktop, Windows, Mac, Linux). */
export function operatingSystem(userAgent: string): OperatingSystem {
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent)) return "ios";
  return "web";
}

export type PushTokenSource = () => Promise<string>;

/**
 * The sandbox push adapter: a random token in the shape of a messaging registration token.
 * A real messaging SDK would replace it behind the same signature.
 */
export const sandboxPushToken: PushTokenSource = async () => {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return `sandbox:${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
};

export const DEVICES_URL = "/app_api/v1/devices";
export const DEVICES_SEARCH_URL = "/app_api/v1/devices/search";
export const deactivateDeviceUrl = (id: string) => `/app_api/v1/devices/${encodeURIComponent(id)}/deactivate`;

type Api = <T>(url: string, init?: { method?: string; body?: unknown }) => Promise<T>;

export type RegisterDeviceDeps = { api: Api; pushToken: PushTokenSource; userAgent: string };

/** Registers this browser for the customer; null when no push token could be obtained. */
export async function registerDevice(customerId: string, { api, pushToken, userAgent }: RegisterDeviceDeps): Promise<string | null> {
  let token: string;
  try {
    token = await pushToken();
  } catch {
    return null;
  }
  const found = await api<{ data: Device[] }>(DEVICES_SEARCH_URL, {
    method: "POST",
    body: { filters: [{ field: "identifier", op: "contains", value: customerId }] },
  });
  if (found.data.length > 0) {
    const active = found.data.find((device) => !device.deactivated_at);
    if (active) await api(deactivateDeviceUrl(active.id), { method: "PATCH" });
  }
  await api(DEVICES_URL, {
    method: "POST",
    body: {
      data: {
        identifier: customerId,
        type_key: "mobile",
        token,
        token_type: "firebase",
        operating_system: operatingSystem(userAgent),
      },
    },
  });
  return token;
}
