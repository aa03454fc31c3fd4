// `npm start`: builds the site and the server when a build is missing or older than its sources,
// then runs the one server process (compiled JavaScript, apps/api/dist/main.js) in production
// mode on the embedded database by default.
import { spawnSync, spawn } from "node:child_process";
import { join } from "node:path";
import { isServerBuildStale, isWebBuildStale } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;

if (isWebBuildStale(root) || isServerBuildStale(root)) {
  console.info("Building the site and the server…");
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(process.execPath, ["--enable-source-maps", join(root, "apps/api/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
