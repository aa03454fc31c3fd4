import { UPLOAD_MAX_BYTES } from "@pinjaman/contracts/uploads";
import { INSURANCE_PREMIUM_PPM } from "@pinjaman/domain/lender-insurance";
import { PPH26_RATE_PPM } from "@pinjaman/domain/lender-split";
import { resolvePostalCodesCsv } from "@pinjaman/db/address-data";
import { parseChannelCodes, SANDBOX_CHANNEL_CODES, type ChannelCodes } from "@pinjaman/domain/virtual-accounts";
import { isIP } from "node:net";
import { z } from "zod";

/**
 * The platform fee on lenders' interest when PLATFORM_FEE_PPM is not set: 10 % of the gross
 * interest. The spec names no fee; this is a placeholder for the business to set (decision 0016).
 */
export const DEFAULT_PLATFORM_FEE_PPM = 100_000;

/**
 * How far above a loan's payoff a payment may be and still be taken (OVERPAYMENT_MARGIN, whole
 * rupiah): a borrower rounding up or paying twice by mistake. Above it the gateway's figure is
 * not believed: the payment is parked for reconciliation (decision 0016).
 */
export const DEFAULT_OVERPAYMENT_MARGIN = 1_000_000;

/** Providers a deployment outside the sandbox may run simulated (SIMULATED_PROVIDERS). */
export const SIMULABLE_PROVIDERS = ["bank", "insurer", "open_banking", "voice"] as const;
export type SimulableProvider = (typeof SIMULABLE_PROVIDERS)[number];

/** A DNS host name (RFC 1123 labels, the last not all digits: `256.1.1.1` is a bad address), e.g. `localhost` or `api.pinjaman.co.id`. */
const HOST_NAME = /^(?=.{1,253}$)(?!(?:.*\.)?\d+$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * An http(s) origin: scheme, host and optional port, nothing else (no path, query, fragment or
 * credentials), kept without a trailing slash because links and callbacks are built by appending
 * paths to it.
 */
const httpOrigin = z.string().transform((text, ctx) => {
  const url = URL.canParse(text) ? new URL(text) : null;
  // The text itself too: `new URL` drops an empty query or fragment ("https://x.co/?").
  const bare = /^https?:\/\/[^/?#@]+\/?$/i.test(text) && url !== null && (url.protocol === "http:" || url.protocol === "https:");
  if (!bare) {
    ctx.addIssue({ code: "custom", message: "must be an http:// or https:// origin: scheme, host and optional port, like https://pinjaman.co.id" });
    return z.NEVER;
  }
  return url.origin;
});

const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z
      .string()
      .refine((host) => isIP(host) !== 0 || HOST_NAME.test(host), "must be an IP address or a host name (0.0.0.0, ::, localhost)")
      .default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
      .optional(),
    PGLITE_DIR: z.string().min(1).default("./.data/pglite"),
    SANDBOX: flag.optional(),
    JOBS: flag.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PUBLIC_ORIGIN: httpOrigin.optional(),
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
    /** Rupiah a payment may exceed the loan's payoff by before it is parked for reconciliation (decision 0016). */
    OVERPAYMENT_MARGIN: z.coerce.number().int().min(0).max(1_000_000_000, "must be at most 1000000000 rupiah").default(DEFAULT_OVERPAYMENT_MARGIN),
    /**
     * Which proxies' X-Forwarded-For / -Proto are believed (the client's IP for throttling and the
     * audit): `loopback` for a proxy on the same host; behind a load balancer its addresses or
     * networks, comma separated (`10.0.0.0/8,loopback`); also `linklocal`, `uniquelocal`.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?))*\s*$/, "must be loopback, linklocal, uniquelocal or IP addresses / CIDR networks, comma separated")
      .default("loopback"),
    /** The company details stored on a new database outside the sandbox (then edited in the back office). */
    COMPANY_NAME: z.string().min(1).optional(),
    COMPANY_EMAIL: z.email().optional(),
    COMPANY_PHONE: z.string().regex(/^\+?[0-9 ()-]{6,20}$/, "must be a phone number like +62 21 5091 8800").optional(),
    COMPANY_ADDRESS: z.string().min(1).optional(),
    // Real providers (decision 0028): required outside the sandbox, checked at start by integrations/.
    /** The SMTP server, user and password in one URL: smtp://user:pass@host:587 or smtps://…:465. */
    SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL").optional(),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    SMTP_SECURE: flag.optional(),
    SMTP_USER: z.string().min(1).optional(),
    SMTP_PASS: z.string().min(1).optional(),
    /** The sender of every mail: `Pinjaman <no-reply@pinjaman.co.id>`. */
    MAIL_FROM: z.string().regex(/^(.+<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, "must be an address or `Name <address>`").optional(),
    /** The SMS gateway: Infobip's SMS API. */
    SMS_PROVIDER: z.enum(["infobip"]).optional(),
    /** Your account's API base URL, e.g. https://xxxxx.api.infobip.com. */
    INFOBIP_BASE_URL: z.url().optional(),
    INFOBIP_API_KEY: z.string().min(1).optional(),
    /**
     * The public URL of our delivery-report webhook (…/pub_api/v1/infobip/delivery_reports): sent
     * as each SMS's notifyUrl, with INFOBIP_NOTIFY_SECRET as its `secret` query parameter. Unset:
     * no reports are asked for and `sent` stays the last word.
     */
    INFOBIP_NOTIFY_URL: z.url().optional(),
    /** The shared secret the delivery-report webhook requires (the `secret` query parameter). */
    INFOBIP_NOTIFY_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The sender id the SMS shows (registered with the operators): up to 11 letters or digits. */
    SMS_SENDER: z.string().regex(/^[A-Za-z0-9 ]{1,11}$/, "must be 1 to 11 letters, digits or spaces").default("Pinjaman"),
    /** Push to the devices' "firebase" tokens (spec section 3): Firebase Cloud Messaging HTTP v1. */
    PUSH_PROVIDER: z.enum(["fcm"]).optional(),
    /** The path of the Firebase service account's JSON key file. */
    FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
    /** FCM's API origin (a test points it at a local server). */
    FCM_ENDPOINT: z.url().default("https://fcm.googleapis.com"),
    /** Attempts per message before it is recorded as failed (doubling delays between them). */
    DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    /**
     * Outside the sandbox, the providers that no certified adapter exists for yet and that this
     * deployment knowingly runs simulated (a staging or pilot installation): a comma list of
     * bank, insurer, open_banking, voice. Each is logged as a warning at start.
     */
    SIMULATED_PROVIDERS: z
      .string()
      .transform((text, ctx) => {
        const names = text.split(",").map((n) => n.trim()).filter(Boolean);
        const unknown = names.filter((n) => !(SIMULABLE_PROVIDERS as readonly string[]).includes(n));
        if (unknown.length > 0) {
          ctx.addIssue({ code: "custom", message: `unknown provider ${unknown.join(", ")}: one of ${SIMULABLE_PROVIDERS.join(", ")}` });
          return z.NEVER;
        }
        return names as SimulableProvider[];
      })
      .optional(),
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
      overpaymentMargin: env.OVERPAYMENT_MARGIN,
      /** The real providers' settings (integrations/delivery); unused in the sandbox. */
      delivery: {
        smtp:
          env.SMTP_URL || env.SMTP_HOST
            ? { url: env.SMTP_URL, host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, user: env.SMTP_USER, pass: env.SMTP_PASS }
            : null,
        mailFrom: env.MAIL_FROM,
        sms: env.SMS_PROVIDER
          ? { provider: env.SMS_PROVIDER, baseUrl: env.INFOBIP_BASE_URL, apiKey: env.INFOBIP_API_KEY, sender: env.SMS_SENDER, notifyUrl: env.INFOBIP_NOTIFY_URL }
          : null,
        /** The delivery-report webhook's secret; without it the webhook refuses every call (401). */
        infobipNotifySecret: env.INFOBIP_NOTIFY_SECRET,
        push: env.PUSH_PROVIDER ? { provider: env.PUSH_PROVIDER, serviceAccountFile: env.FCM_SERVICE_ACCOUNT_FILE, endpoint: env.FCM_ENDPOINT } : null,
        maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
      },
      simulatedProviders: sandbox ? [] : (env.SIMULATED_PROVIDERS ?? []),
      /** Over the default company details when a database outside the sandbox gets its reference data. */
      company: Object.fromEntries(
        Object.entries({ name: env.COMPANY_NAME, email: env.COMPANY_EMAIL, phone: env.COMPANY_PHONE, address: env.COMPANY_ADDRESS }).filter(([, v]) => v !== undefined),
      ) as { name?: string; email?: string; phone?: string; address?: string },
      trustProxy: env.TRUST_PROXY.split(",").map((entry) => entry.trim()).join(","),
      logLevel: env.LOG_LEVEL,
      publicOrigin: env.PUBLIC_ORIGIN ?? `http://${isIP(env.HOST) === 6 ? `[${env.HOST}]` : env.HOST}:${env.PORT}`,
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
    // A provider named but half configured is a mistake whatever SANDBOX says.
    if (c.delivery.sms?.provider === "infobip") {
      if (!c.delivery.sms.baseUrl) ctx.addIssue({ code: "custom", message: "INFOBIP_BASE_URL is required when SMS_PROVIDER is infobip", path: ["INFOBIP_BASE_URL"] });
      if (!c.delivery.sms.apiKey) ctx.addIssue({ code: "custom", message: "INFOBIP_API_KEY is required when SMS_PROVIDER is infobip", path: ["INFOBIP_API_KEY"] });
    }
    if (c.delivery.sms?.notifyUrl && !c.delivery.infobipNotifySecret) {
      ctx.addIssue({ code: "custom", message: "INFOBIP_NOTIFY_SECRET is required when INFOBIP_NOTIFY_URL is set (the webhook refuses reports without it)", path: ["INFOBIP_NOTIFY_SECRET"] });
    }
    if (c.delivery.push?.provider === "fcm" && !c.delivery.push.serviceAccountFile) {
      ctx.addIssue({ code: "custom", message: "FCM_SERVICE_ACCOUNT_FILE is required when PUSH_PROVIDER is fcm", path: ["FCM_SERVICE_ACCOUNT_FILE"] });
    }
    if (c.delivery.smtp && !c.delivery.mailFrom) ctx.addIssue({ code: "custom", message: "MAIL_FROM is required when an SMTP server is set", path: ["MAIL_FROM"] });
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
