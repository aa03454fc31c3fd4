import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Same build settings as apps/web, so the two bundles are comparable.
export default defineConfig({
  plugins: [reactRouter()],
  build: { sourcemap: false, assetsInlineLimit: 0 },
});
