// How the project starts Debian's Chromium, for the browser tests and the benchmarks alike:
// headless, and without the background traffic a closed network would refuse.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
