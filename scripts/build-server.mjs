// `npm run build` (after the site): bundles the server into apps/api/dist/main.js, so production
// runs compiled JavaScript. The internal packages (@pinjaman/*, TypeScript source) are bundled;
// every npm package stays external and loads from node_modules. Paths the server resolves from
// its own location stay valid because dist/ sits at the depth of src/ (the site's build,
// ../shared/data) or resolve through node_modules (the SQL migrations, idn-area-data).
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const outdir = join(root, "apps/api/dist");

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

await build({
  entryPoints: [join(root, "apps/api/src/main.ts")],
  outfile: join(outdir, "main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "npm-packages-external",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@pinjaman/") ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
copyFileSync(join(root, "apps/api/src/fallback-error.html"), join(outdir, "fallback-error.html"));
console.info("Built the server: apps/api/dist/main.js");
