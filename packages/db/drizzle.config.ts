import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./packages/db/src/schema.ts", "./packages/db/src/auth-schema.ts", "./packages/db/src/address-schema.ts", "./packages/db/src/flow-schema.ts", "./packages/db/src/loan-schema.ts"],
  out: "./packages/db/migrations",
});
