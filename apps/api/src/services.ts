import type { FlowPreviewResult, SiteServices } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import type { Config } from "./config.ts";
import { businessNow } from "./modules/business-clock/business-clock.ts";
import { FlowError } from "./modules/flows/flow-errors.ts";
import type { FlowEngine } from "./modules/flows/flow-engine.ts";
import { newProgress } from "./modules/flows/progress-start.ts";
import { routeNewLoan } from "./modules/flows/new-loan.ts";
import { defaultOfferSchedule, findActiveProduct } from "./modules/offers/schedule-service.ts";
import { findActiveSession } from "./modules/sessions/session-service.ts";
import { staffMemberOf } from "./modules/staff/staff-roles.ts";
import { loadShellData } from "./modules/site/shell-service.ts";

/** A page render records nothing, so it has no request of its own to name in an audit row. */
const PAGE_RENDER = { ip: "", userAgent: "", requestId: "page-render" };

/**
 * What the web's server loaders may call in-process: the same services the API routes use,
 * so a page and a call never disagree. `engine` is read per call: the flow engine's parts are
 * registered on the app after the services.
 */
export function createServices(db: Db, config: Config, engine: () => FlowEngine): SiteServices {
  return {
    shell: () => loadShellData(db, config.sandbox),
    product: (productKey: string) => findActiveProduct(db, productKey),
    activeSession: async (token: string) => {
      const session = await findActiveSession(db, token);
      return session ? { expiresAt: session.expiresAt.getTime(), authenticationId: session.authenticationId } : null;
    },
    defaultOfferSchedule: async (productKey: string, request: { amount: number; term: number }) =>
      defaultOfferSchedule(db, productKey, request, (await businessNow(db, { sandbox: config.sandbox })).date),
    flowPreview: async (flowKey, { publicOnly, sessionToken }): Promise<FlowPreviewResult> => {
      const session = !publicOnly && sessionToken ? await findActiveSession(db, sessionToken) : null;
      const caller = session ? { ...session, roleId: null, viaCookie: true } : null;
      try {
        return { preview: await newProgress(engine(), { caller, origin: PAGE_RENDER }, flowKey, { publicOnly }) };
      } catch (error) {
        if (error instanceof FlowError && error.status === 404) return { refused: "not_found" };
        if (error instanceof FlowError && error.status === 401) return { refused: "login_required" };
        // An offered flow (borrower-offers.ts) the customer is not offered: the browser asks again and shows why.
        if (error instanceof FlowError && error.status === 409) return { refused: "not_offered" };
        throw error;
      }
    },
    newLoanFlow: async (registrationFlowKey, sessionToken) => {
      const session = await findActiveSession(db, sessionToken);
      if (!session) return null;
      try {
        return await routeNewLoan(db, engine().catalogue, session.customerId, registrationFlowKey, new Date());
      } catch (error) {
        if (error instanceof FlowError && error.status === 404) return null;
        throw error;
      }
    },
    staffMember: async (sessionToken) => {
      const session = await findActiveSession(db, sessionToken);
      return session ? staffMemberOf(db, { ...session, roleId: null }) : null;
    },
  };
}

export type Services = SiteServices;
