import type { CustomerRole } from "@pinjaman/contracts/identity";

/** Storage keys of the spec's session fields (section 4). */
export const ROLE_ID_KEY = "roleId";
export const CUSTOMER_ID_KEY = "customerId";

export type RoleStorage = { session: Storage | null; local: Storage | null };

/**
 * The role chosen on identity load (spec section 4): the role id saved in sessionStorage, else
 * in localStorage, else the role with type_key modifier, else primary. A saved id that is not
 * one of this customer's roles (another customer used the browser) is skipped: the API answers
 * a foreign X-Role with 403. A customer with neither kind (staff) gets their first role.
 */
export function chooseRole(roles: readonly CustomerRole[], saved: { session: string | null; local: string | null }): string | null {
  const own = new Set(roles.map((role) => role.id));
  for (const id of [saved.session, saved.local]) {
    if (id && own.has(id)) return id;
  }
  return (
    roles.find((role) => role.type_key === "modifier")?.id ??
    roles.find((role) => role.type_key === "primary")?.id ??
    roles[0]?.id ??
    null
  );
}

function safeGet(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Blocked storage: the choice lasts until the page is reloaded.
  }
}

/** The browser's storages, or none where they are blocked or absent (server). */
export function browserStorage(): RoleStorage {
  const pick = (get: () => Storage): Storage | null => {
    try {
      return get();
    } catch {
      return null;
    }
  };
  if (typeof window === "undefined") return { session: null, local: null };
  return { session: pick(() => window.sessionStorage), local: pick(() => window.localStorage) };
}

export function readSavedRoleIds(storage: RoleStorage): { session: string | null; local: string | null } {
  return { session: safeGet(storage.session, ROLE_ID_KEY), local: safeGet(storage.local, ROLE_ID_KEY) };
}

/** The chosen role id goes to both storages. */
export function saveRoleId(storage: RoleStorage, roleId: string): void {
  safeSet(storage.session, ROLE_ID_KEY, roleId);
  safeSet(storage.local, ROLE_ID_KEY, roleId);
}

/** The customer id goes to localStorage. */
export function saveCustomerId(storage: RoleStorage, customerId: string): void {
  safeSet(storage.local, CUSTOMER_ID_KEY, customerId);
}
