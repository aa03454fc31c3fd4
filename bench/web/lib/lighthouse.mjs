// One Lighthouse run: mobile form factor (Lighthouse's default), devtools throttling with the
// default mobile settings (slow 4G: 562.5 ms latency, 1.47 Mbps down; 4× CPU slowdown), performance
// category only, in a fresh headless Chromium per run.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../../scripts/chromium.mjs";

export const CHROME_PATH = CHROMIUM_PATH;

const CONFIG = {
  extends: "lighthouse:default",
  settings: {
    formFactor: "mobile",
    throttlingMethod: "devtools",
    onlyCategories: ["performance"],
    skipAudits: ["screenshot-thumbnails", "final-screenshot", "full-page-screenshot"],
  },
};

/** The Chromium processes still running, so an aborted bench can close them. */
export const openChromes = new Set();

/** Runs Lighthouse on `url`; returns LCP/TBT (ms), CLS and the transferred script bytes. */
export async function measure(url) {
  // handleSIGINT: false, or chrome-launcher exits the process on Ctrl-C before our cleanup runs.
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent", handleSIGINT: false });
  openChromes.add(chrome);
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, CONFIG);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id) => lhr.audits[id]?.numericValue ?? null;
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const failed = requests.filter((r) => r.statusCode >= 400).map((r) => `${r.statusCode} ${r.url}`);
    return {
      lcpMs: value("largest-contentful-paint"),
      tbtMs: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      fcpMs: value("first-contentful-paint"),
      scriptTransferBytes: requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failedRequests: failed,
      warnings: lhr.runWarnings ?? [],
      lighthouseVersion: lhr.lighthouseVersion,
      configSettings: { formFactor: lhr.configSettings.formFactor, throttlingMethod: lhr.configSettings.throttlingMethod, throttling: lhr.configSettings.throttling },
      userAgent: lhr.environment?.hostUserAgent,
    };
  } finally {
    openChromes.delete(chrome);
    chrome.kill();
  }
}
