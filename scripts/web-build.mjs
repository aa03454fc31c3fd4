// Whether the builds are missing or older than their sources: the rule `npm start` and the
// benchmarks use before starting the server.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function isWebBuildStale(root) {
  const entry = join(root, "apps/web/build/server/index.js");
  if (!existsSync(entry)) return true;
  const sources = Math.max(newestMtime(join(root, "apps/web")), newestMtime(join(root, "packages")));
  return sources > statSync(entry).mtimeMs;
}

/** Whether the server's bundle (apps/api/dist/main.js, `npm run build`) is missing or older than its sources. */
export function isServerBuildStale(root) {
  const entry = join(root, "apps/api/dist/main.js");
  if (!existsSync(entry)) return true;
  const sources = Math.max(newestMtime(join(root, "apps/api/src")), newestMtime(join(root, "packages")));
  return sources > statSync(entry).mtimeMs;
}
