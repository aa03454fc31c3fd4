import type { Config } from "@react-router/dev/config";

// The framework-cost reference: the smallest server-rendered React Router app (one route).
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
} satisfies Config;
