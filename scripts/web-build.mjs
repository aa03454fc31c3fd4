// Whether apps/web's build is missing or older than its sources: the rule `npm start` and the
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
