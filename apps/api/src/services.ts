import type { SiteServices } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import type { Config } from "./config.ts";
import { defaultOfferSchedule, findActiveProduct } from "./modules/offers/schedule-service.ts";
import { findActiveSession } from "./modules/sessions/session-service.ts";
import { loadShellData } from "./modules/site/shell-service.ts";

/**
 * What the web's server loaders may call in-process: the same services the API routes use,
 * so a page and a call never disagree.
 */
export function createServices(db: Db, config: Config): SiteServices {
  return {
    shell: () => loadShellData(db, config.sandbox),
    product: (productKey: string) => findActiveProduct(db, productKey),
    activeSession: async (token: string) => {
      const session = await findActiveSession(db, token);
      return session ? { expiresAt: session.expiresAt.getTime(), authenticationId: session.authenticationId } : null;
    },
    defaultOfferSchedule: (productKey: string, request: { amount: number; term: number }) =>
      defaultOfferSchedule(db, productKey, request),
  };
}

export type Services = SiteServices;
