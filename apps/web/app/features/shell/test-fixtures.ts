import type { ShellData } from "@pinjaman/contracts/site";
import { riskDisclaimerTexts } from "./risk-disclaimer.tsx";

// The footer's disclaimer is a lazy module: loaded here, shells under test render it at once
// (as the server does), instead of suspending inside a test's synchronous render.
await riskDisclaimerTexts("id");

/** Shell data as the sandbox seed serves it; for component tests only. */
export const SHELL_FIXTURE: ShellData = {
  company: {
    name: "PT Pinjaman Digital Indonesia",
    email: "halo@pinjaman.co.id",
    phone: "+62 21 5091 8800",
    address: "Gedung Menara Kuningan Lt. 12, Jakarta Selatan 12940",
    facebookPageUrl: "https://www.facebook.com/pinjaman.id",
    linkedInPageUrl: "https://www.linkedin.com/company/pinjaman-id",
    instagramPageUrl: "https://www.instagram.com/pinjaman.id",
    appStoreUrl: "https://play.google.com/store/apps/details?id=id.pinjaman.app",
  },
  tkb: {
    data: [
      { name: "TKB0", percentage: "92.14" },
      { name: "TKB30", percentage: "96.58" },
      { name: "TKB60", percentage: "98.02" },
      { name: "TKB90", percentage: "98.87" },
    ],
    last_update: "2026-11-22T07:05:00.000Z",
  },
  sandbox: false,
  businessDate: "2026-11-22",
};
