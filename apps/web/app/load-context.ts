import type { SiteServices } from "@pinjaman/contracts/site";

declare module "react-router" {
  interface AppLoadContext {
    services: SiteServices;
    /** Per-request nonce allowed by the page's Content-Security-Policy. */
    cspNonce: string;
  }
}

export {};
