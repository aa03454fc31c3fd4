import { registrationFlowKey, type SiteVariant } from "@pinjaman/domain/variant";

/** The product each variant registers for (spec section 3: spl, bni_payroll_loan, alumak). */
export const PRODUCT_BY_VARIANT: Readonly<Record<SiteVariant, string>> = {
  default: "spl",
  plus: "bni_payroll_loan",
  business: "alumak",
};

/** "Daftar": the sign-up page, starting the variant's registration flow. */
export function signUpHref(variant: SiteVariant): string {
  const flow = registrationFlowKey(variant, PRODUCT_BY_VARIANT[variant]);
  return `/sign-up?${new URLSearchParams({ flow }).toString()}`;
}

/**
 * Registration state (spec section 3): the registration being filled in (null when none) and its
 * flow progress id, kept in localStorage so a reload keeps it. The flows feature writes it; the
 * session resets it on login and logout, and the registration guard reads it.
 */
export type RegistrationState = { registration: unknown; flowProgressId: string | null };

export const REGISTRATION_STORAGE_KEY = "registration";

export function readRegistrationState(): RegistrationState {
  try {
    const raw = window.localStorage.getItem(REGISTRATION_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value === "object" && value !== null && "registration" in value) {
      const { registration, flowProgressId } = value as { registration: unknown; flowProgressId?: unknown };
      return { registration: registration ?? null, flowProgressId: typeof flowProgressId === "string" ? flowProgressId : null };
    }
  } catch {
    // Blocked storage or a damaged value: no registration.
  }
  return { registration: null, flowProgressId: null };
}

export function writeRegistrationState(state: RegistrationState): void {
  try {
    window.localStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Blocked storage: the registration lives until the next page load only.
  }
}

export function isRegistrationInProgress(): boolean {
  return readRegistrationState().registration !== null;
}

export function resetRegistrationState(): void {
  try {
    window.localStorage.removeItem(REGISTRATION_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
