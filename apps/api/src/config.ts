import { UPLOAD_MAX_BYTES } from "@pinjaman/contracts/uploads";
import { INSURANCE_PREMIUM_PPM } from "@pinjaman/domain/lender-insurance";
import { PPH26_RATE_PPM } from "@pinjaman/domain/lender-split";
import { resolvePostalCodesCsv } from "@pinjaman/db/address-data";
import { parseChannelCodes, SANDBOX_CHANNEL_CODES, type ChannelCodes } from "@pinjaman/domain/virtual-accounts";
import { z } from "zod";

/**
 * The platform fee on lenders' interest when PLATFORM_FEE_PPM is not set: 10 % of the gross
 * interest. The spec names no fee; this is a placeholder for the business to set (decision 0016).
 */
export const DEFAULT_PLATFORM_FEE_PPM = 100_000;

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
    JOBS: flag.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PUBLIC_ORIGIN: z.url().optional(),
    POSTAL_CODES_CSV: z.string().min(1).optional(),
    STORAGE: z.enum(["local", "s3"]).default("local"),
    UPLOAD_DIR: z.string().min(1).default("./.data/uploads"),
    UPLOAD_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).max(100 * 1024 * 1024).default(UPLOAD_MAX_BYTES),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name").optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]+$/, "must be a region name like ap-southeast-3").default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Who pays borrowers at disbursal (decision 0015): only the sandbox bank exists yet. */
    BANK_ADAPTER: z.enum(["sandbox"]).optional(),
    /** Who pays lenders' insurance claims (decision 0024): only the sandbox insurer exists yet. */
    INSURER_ADAPTER: z.enum(["sandbox"]).optional(),
    /** How the sandbox bank answers a disbursal: pay, refuse every time (retryable), or refuse the first call per transfer. */
    SANDBOX_BANK_DISBURSAL: z.enum(["succeed", "fail", "fail_once"]).default("succeed"),
    /** The banks' codes for the platform's virtual accounts: "bca_va:39358,bni_va:81234,…" (decision 0012). */
    VIRTUAL_ACCOUNT_CODES: z
      .string()
      .transform((text, ctx) => {
        const parsed = parseChannelCodes(text);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    /** The secret the payment gateway signs its notifications with (HMAC-SHA256, decision 0016). */
    PAYMENT_GATEWAY_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The platform's fee on each lender's interest, ppm of the gross interest (decision 0016). */
    // What is left of the interest after the highest tax (PPh 26) and the insurance premium (decision 0024).
    PLATFORM_FEE_PPM: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000 - PPH26_RATE_PPM - INSURANCE_PREMIUM_PPM, "with PPh 26 and the insurance premium must leave the lender some interest")
      .default(DEFAULT_PLATFORM_FEE_PPM),
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
      // The job runner (pg-boss): on by default, off in tests unless a test turns it on.
      jobs: env.JOBS ?? env.NODE_ENV !== "test",
      /** Null outside the sandbox until configured: disbursal cannot open virtual accounts then. */
      virtualAccountCodes: (env.VIRTUAL_ACCOUNT_CODES ?? (sandbox ? SANDBOX_CHANNEL_CODES : null)) as ChannelCodes | null,
      bank: {
        /** Null outside the sandbox: integrations/bank refuses to start then. */
        adapter: env.BANK_ADAPTER ?? (sandbox ? ("sandbox" as const) : null),
        sandboxDisbursal: env.SANDBOX_BANK_DISBURSAL,
      },
      insurer: {
        /** Null outside the sandbox: integrations/insurer refuses to start then. */
        adapter: env.INSURER_ADAPTER ?? (sandbox ? ("sandbox" as const) : null),
      },
      /** The public sandbox secret inside the sandbox; outside it the webhook refuses to start without one (modules/repayments). */
      paymentGatewaySecret: env.PAYMENT_GATEWAY_SECRET ?? (sandbox ? SANDBOX_PAYMENT_GATEWAY_SECRET : undefined),
      platformFeePpm: env.PLATFORM_FEE_PPM,
      logLevel: env.LOG_LEVEL,
      publicOrigin: env.PUBLIC_ORIGIN ?? `http://${env.HOST}:${env.PORT}`,
      // The postal codes imported at a sandbox start when none is there yet (README of ../shared/data).
      postalCodesCsv: resolvePostalCodesCsv({ POSTAL_CODES_CSV: env.POSTAL_CODES_CSV }),
      uploads: {
        storage: env.STORAGE,
        maxBytes: env.UPLOAD_MAX_BYTES,
        dir: env.UPLOAD_DIR,
        // Outside the sandbox a missing secret stops the start when local storage is chosen
        // (integrations/storage/select-storage.ts), like the other adapters.
        secret: env.UPLOAD_SECRET ?? (sandbox ? SANDBOX_UPLOAD_SECRET : undefined),
        s3: {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        },
      },
    };
  })
  .superRefine((c, ctx) => {
    if (c.uploads.storage !== "s3") return;
    const s3 = c.uploads.s3;
    const missing = [
      ["S3_BUCKET", s3.bucket],
      ["S3_ACCESS_KEY_ID", s3.accessKeyId],
      ["S3_SECRET_ACCESS_KEY", s3.secretAccessKey],
    ].filter(([, value]) => value === undefined);
    for (const [name] of missing) ctx.addIssue({ code: "custom", message: `${name} is required when STORAGE is s3`, path: [name as string] });
  });

/** The sandbox gateway's signing secret: public (tests and the sandbox page sign with it), never used outside the sandbox. */
export const SANDBOX_PAYMENT_GATEWAY_SECRET = "sandbox-payment-gateway-secret-not-for-production";

/**
 * The documented sandbox key of the company services, with every scope (README): stored at each
 * sandbox start (modules/company/api-keys.ts), never outside the sandbox, where keys are made by
 * `npm run api-key`.
 */
export const SANDBOX_COMPANY_API_KEY = "pjk_sandboxKeyForCompanyServices-NotForProduction";

/**
 * The sandbox's secret for local upload policies: public, so a sandbox policy proves nothing
 * outside it; never used outside the sandbox.
 */
export const SANDBOX_UPLOAD_SECRET = "sandbox-upload-secret-not-for-production-use";

export type Config = z.infer<typeof envSchema>;

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
