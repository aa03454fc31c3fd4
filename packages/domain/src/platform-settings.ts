import { t } from "@pinjaman/i18n";
import { AUTOINVEST_SHARE_PPM } from "./autoinvest.ts";
import { FUNDING_PERIOD_DAYS } from "./funding.ts";
import { INSURANCE_PREMIUM_PPM } from "./lender-insurance.ts";
import { PPH26_RATE_PPM } from "./lender-split.ts";
import { formatPpmPercent } from "./money.ts";
import "@pinjaman/i18n/ns/back_office_settings";

/**
 * Platform settings staff may change in the back office (config.manage). The code's constants
 * are the defaults; a stored row overrides them.
 */
export interface PlatformSettings {
  /** The platform's fee on each lender's interest, ppm of the gross interest (decision 0016). */
  platform_fee_ppm: number;
  /** Days an approved application waits for investment (decision 0010). */
  funding_period_days: number;
  /** The share of an application one autoinvest order may take, ppm (decision 0021). */
  autoinvest_share_ppm: number;
}

export type PlatformSettingField = keyof PlatformSettings;

/** The fee must leave the lender some interest after the highest tax (PPh 26) and the premium. */
export const PLATFORM_SETTING_LIMITS: Record<
  PlatformSettingField,
  { min: number; max: number }
> = {
  platform_fee_ppm: {
    min: 0,
    max: 1_000_000 - PPH26_RATE_PPM - INSURANCE_PREMIUM_PPM,
  },
  funding_period_days: { min: 1, max: 60 },
  autoinvest_share_ppm: { min: 1, max: 1_000_000 },
};

/** The settings kept in ppm and typed as percent. */
export const PPM_SETTINGS: readonly PlatformSettingField[] = ["platform_fee_ppm", "autoinvest_share_ppm"];

export function defaultPlatformSettings(
  platformFeePpm: number,
): PlatformSettings {
  return {
    platform_fee_ppm: platformFeePpm,
    funding_period_days: FUNDING_PERIOD_DAYS,
    autoinvest_share_ppm: AUTOINVEST_SHARE_PPM,
  };
}

/** Whole numbers within their limits; one message per field, empty = accepted. */
export function checkPlatformSettings(
  settings: PlatformSettings,
): Partial<Record<PlatformSettingField, string[]>> {
  const errors: Partial<Record<PlatformSettingField, string[]>> = {};
  for (const field of Object.keys(
    PLATFORM_SETTING_LIMITS,
  ) as PlatformSettingField[]) {
    const value = settings[field];
    const { min, max } = PLATFORM_SETTING_LIMITS[field];
    // Shares are typed and shown as percent (100000 ppm = "10%"), so their limits are told that way.
    const show = (n: number) => (PPM_SETTINGS.includes(field) ? `${formatPpmPercent(n)}%` : n.toLocaleString("id-ID"));
    if (!Number.isSafeInteger(value))
      errors[field] = [t("back_office_settings.company.errors.whole")];
    else if (value < min || value > max) {
      errors[field] = [
        t("back_office_settings.company.errors.range", {
          min: show(min),
          max: show(max),
        }),
      ];
    }
  }
  return errors;
}
