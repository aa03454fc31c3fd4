// `npm start`: builds the site when the build is missing or older than its sources, then runs
// the one server process in production mode on the embedded database by default.
import { spawnSync, spawn } from "node:child_process";
import { join } from "node:path";
import { isWebBuildStale } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;

if (isWebBuildStale(root)) {
  console.info("Building the site…");
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", join(root, "apps/api/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
