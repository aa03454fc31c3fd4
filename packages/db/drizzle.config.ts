import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // schema.ts and every *-schema.ts beside it.
  schema: "./packages/db/src/*schema.ts",
  out: "./packages/db/migrations",
});
