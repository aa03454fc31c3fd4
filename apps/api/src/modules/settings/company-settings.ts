import type {
  CompanyFacts,
  CompanySettingsDto,
} from "@pinjaman/contracts/back-office-settings";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import {
  checkPlatformSettings,
  defaultPlatformSettings,
  type PlatformSettings,
} from "@pinjaman/domain/platform-settings";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { DEFAULT_PLATFORM_FEE_PPM } from "../../config.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";

/** Platform settings are read by money paths (repayment split, funding deadline, autoinvest): kept briefly per database. */
export const PLATFORM_SETTINGS_CACHE_MS = 30_000;
/** The stored row (null: none saved yet), not the defaults, which each caller gives. */
const cache = new WeakMap<
  object,
  { row: PlatformSettings | null; until: number }
>();

/**
 * The platform settings in force: the stored row, or the code's defaults (the platform fee from
 * PLATFORM_FEE_PPM) until staff first save them.
 */
export async function platformSettings(
  db: Db,
  defaultFeePpm: number = DEFAULT_PLATFORM_FEE_PPM,
): Promise<PlatformSettings> {
  let hit = cache.get(db);
  if (!hit || hit.until <= Date.now()) {
    const [row] = await db
      .select()
      .from(schema.platformSettings)
      .where(eq(schema.platformSettings.id, 1));
    hit = {
      row: row
        ? {
            platform_fee_ppm: row.platformFeePpm,
            funding_period_days: row.fundingPeriodDays,
            autoinvest_share_ppm: row.autoinvestSharePpm,
          }
        : null,
      until: Date.now() + PLATFORM_SETTINGS_CACHE_MS,
    };
    cache.set(db, hit);
  }
  return hit.row ?? defaultPlatformSettings(defaultFeePpm);
}

function factsDto(
  row: typeof schema.companyConfig.$inferSelect | undefined,
): CompanyFacts {
  return {
    name: row?.name ?? "",
    email: row?.email ?? "",
    phone: row?.phone ?? "",
    address: row?.address ?? "",
    facebook_page_url: row?.facebookPageUrl ?? "",
    linked_in_page_url: row?.linkedInPageUrl ?? "",
    instagram_page_url: row?.instagramPageUrl ?? "",
    app_store_url: row?.appStoreUrl ?? "",
  };
}

export async function companySettings(
  db: Db,
  defaultFeePpm: number,
): Promise<CompanySettingsDto> {
  const [row] = await db.select().from(schema.companyConfig).limit(1);
  return {
    company: factsDto(row),
    platform: await platformSettings(db, defaultFeePpm),
  };
}

/** Saves the company facts and the platform settings, audited as one staff action each part that changed. */
export async function saveCompanySettings(
  db: Db,
  request: FastifyRequest,
  input: CompanySettingsDto & { reason: string },
  defaultFeePpm: number,
): Promise<CompanySettingsDto> {
  const errors = checkPlatformSettings(input.platform);
  if (Object.keys(errors).length > 0) {
    throw new FieldErrors(
      Object.fromEntries(
        Object.entries(errors).map(([field, messages]) => [
          `platform.${field}`,
          messages,
        ]),
      ),
      422,
    );
  }
  const before = await companySettings(db, defaultFeePpm);
  const { company: c, platform: p, reason } = input;
  await db.transaction(async (tx) => {
    const facts = {
      name: c.name,
      email: c.email,
      phone: c.phone,
      address: c.address,
      facebookPageUrl: c.facebook_page_url,
      linkedInPageUrl: c.linked_in_page_url,
      instagramPageUrl: c.instagram_page_url,
      appStoreUrl: c.app_store_url,
      updatedAt: new Date(),
    };
    if (JSON.stringify(before.company) !== JSON.stringify(c)) {
      await tx
        .insert(schema.companyConfig)
        .values({ id: 1, ...facts })
        .onConflictDoUpdate({ target: schema.companyConfig.id, set: facts });
      await recordStaffAction(tx, request, {
        permission: "config.manage",
        action: "company_config.change",
        subjectType: "company_config",
        subjectId: "1",
        before: before.company,
        after: c,
        reason,
      });
    }
    if (JSON.stringify(before.platform) !== JSON.stringify(p)) {
      const values = {
        platformFeePpm: p.platform_fee_ppm,
        fundingPeriodDays: p.funding_period_days,
        autoinvestSharePpm: p.autoinvest_share_ppm,
        updatedAt: new Date(),
      };
      await tx
        .insert(schema.platformSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({
          target: schema.platformSettings.id,
          set: values,
        });
      await recordStaffAction(tx, request, {
        permission: "config.manage",
        action: "platform_settings.change",
        subjectType: "platform_settings",
        subjectId: "1",
        before: before.platform,
        after: p,
        reason,
      });
    }
  });
  cache.delete(db);
  return companySettings(db, defaultFeePpm);
}
