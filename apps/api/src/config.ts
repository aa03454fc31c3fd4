import { z } from "zod";

const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
      .optional(),
    PGLITE_DIR: z.string().min(1).default("./.data/pglite"),
    SANDBOX: flag.optional(),
    COMPANY_API_KEY: z.string().min(16, "must be at least 16 characters").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PUBLIC_ORIGIN: z.url().optional(),
  })
  .transform((env) => {
    // Sandbox is the default unless production settings (a real database) are given.
    const sandbox = env.SANDBOX ?? !env.DATABASE_URL;
    return {
      nodeEnv: env.NODE_ENV,
      host: env.HOST,
      port: env.PORT,
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.PGLITE_DIR,
      sandbox,
      companyApiKey: env.COMPANY_API_KEY ?? (sandbox ? SANDBOX_COMPANY_API_KEY : undefined),
      logLevel: env.LOG_LEVEL,
      publicOrigin: env.PUBLIC_ORIGIN ?? `http://${env.HOST}:${env.PORT}`,
    };
  })
  .refine((c) => c.companyApiKey !== undefined, {
    message: "COMPANY_API_KEY is required when SANDBOX is off",
    path: ["COMPANY_API_KEY"],
  });

/** The documented sandbox key of the company services (README); never valid outside sandbox. */
export const SANDBOX_COMPANY_API_KEY = "sandbox-company-api-key";

export type Config = Omit<z.infer<typeof envSchema>, "companyApiKey"> & { companyApiKey: string };

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws ConfigError naming every offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as in most deployment tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data as Config;
}
