import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SANDBOX_CHANNEL_CODES } from "@pinjaman/domain/virtual-accounts";
import { ConfigError, SANDBOX_COMPANY_API_KEY, SANDBOX_UPLOAD_SECRET, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to the sandbox on embedded PGlite at 127.0.0.1:3000", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: "127.0.0.1", port: 3000, databaseUrl: undefined, pgliteDir: "./.data/pglite", sandbox: true });
    expect(c.publicOrigin).toBe("http://127.0.0.1:3000");
  });

  it("keeps the platform fee low enough that PPh 26 and the insurance premium still leave the lender interest, and picks the sandbox insurer", () => {
    expect(loadConfig({ PLATFORM_FEE_PPM: "650000" }).platformFeePpm).toBe(650_000);
    expect(() => loadConfig({ PLATFORM_FEE_PPM: "650001" })).toThrow(/PLATFORM_FEE_PPM: with PPh 26 and the insurance premium/);
    expect(loadConfig({}).insurer.adapter).toBe("sandbox");
  });

  it("takes the overpayment margin in whole rupiah, Rp1.000.000 by default, and refuses anything else at start", () => {
    expect(loadConfig({}).overpaymentMargin).toBe(1_000_000);
    expect(loadConfig({ OVERPAYMENT_MARGIN: "250000" }).overpaymentMargin).toBe(250_000);
    for (const bad of ["-1", "1.5", "lots", "1000000001"]) expect(() => loadConfig({ OVERPAYMENT_MARGIN: bad })).toThrow(/OVERPAYMENT_MARGIN/);
  });

  it("turns the sandbox off by default when a real database is given; company keys are rows, not a setting", () => {
    const c = loadConfig({ DATABASE_URL: "postgres://db/pinjaman" });
    expect(c.sandbox).toBe(false);
    expect(JSON.stringify(c)).not.toContain(SANDBOX_COMPANY_API_KEY);
  });

  it.each([
    [{ PORT: "abc" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres/],
    [{ SANDBOX: "maybe" }, /SANDBOX/],
    [{ STORAGE: "ftp" }, /STORAGE/],
    [{ UPLOAD_SECRET: "short" }, /UPLOAD_SECRET: must be at least 32/],
    [{ UPLOAD_MAX_BYTES: "0" }, /UPLOAD_MAX_BYTES/],
    [{ UPLOAD_MAX_BYTES: "1.5" }, /UPLOAD_MAX_BYTES/],
    [{ S3_ENDPOINT: "not a url" }, /S3_ENDPOINT/],
    [{ S3_BUCKET: "Bad_Bucket" }, /S3_BUCKET: must be an S3 bucket name/],
    [{ S3_REGION: "Asia Pacific" }, /S3_REGION: must be a region name/],
    [{ VIRTUAL_ACCOUNT_CODES: "bca_va:123" }, /VIRTUAL_ACCOUNT_CODES: bca_va needs a 5-digit code/],
  ])("names the offending variable for %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("runs the job runner by default, not in tests unless JOBS=1, and never with JOBS=0", () => {
    expect(loadConfig({}).jobs).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).jobs).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", JOBS: "1" }).jobs).toBe(true);
    expect(loadConfig({ JOBS: "0" }).jobs).toBe(false);
    expect(() => loadConfig({ JOBS: "sometimes" })).toThrow(/JOBS/);
  });

  it("uses the sandbox's virtual account codes in the sandbox, none elsewhere unless given", () => {
    expect(loadConfig({}).virtualAccountCodes).toEqual(SANDBOX_CHANNEL_CODES);
    expect(loadConfig({ DATABASE_URL: "postgres://db/pinjaman" }).virtualAccountCodes).toBeNull();
    const given = "bca_va:11111,bni_va:22222,bri_va:33333,mandiri_va:44444,permata_va:5555,cimb_va:6666";
    expect(loadConfig({ DATABASE_URL: "postgres://db/pinjaman", VIRTUAL_ACCOUNT_CODES: given }).virtualAccountCodes).toMatchObject({ bca_va: "11111", cimb_va: "6666" });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(3000);
  });

  it("reads the postal codes from POSTAL_CODES_CSV, by default <repo root>/../shared/data/postal-codes.csv", () => {
    const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
    expect(loadConfig({}).postalCodesCsv).toBe(join(repoRoot, "..", "shared", "data", "postal-codes.csv"));
    expect(loadConfig({ POSTAL_CODES_CSV: "" }).postalCodesCsv).toBe(join(repoRoot, "..", "shared", "data", "postal-codes.csv"));
    expect(loadConfig({ POSTAL_CODES_CSV: "/srv/kodepos.csv" }).postalCodesCsv).toBe("/srv/kodepos.csv");
  });

  it("stores uploads on local disk by default, with the sandbox's upload secret and a 10 MiB limit", () => {
    expect(loadConfig({}).uploads).toEqual({
      storage: "local",
      maxBytes: 10 * 1024 * 1024,
      dir: "./.data/uploads",
      secret: SANDBOX_UPLOAD_SECRET,
      s3: { endpoint: undefined, bucket: undefined, region: "us-east-1", accessKeyId: undefined, secretAccessKey: undefined },
    });
    expect(loadConfig({ UPLOAD_DIR: "/var/uploads", UPLOAD_MAX_BYTES: "2048", UPLOAD_SECRET: "s".repeat(32) }).uploads).toMatchObject({
      dir: "/var/uploads",
      maxBytes: 2048,
      secret: "s".repeat(32),
    });
  });

  it("has no upload secret outside the sandbox unless given (local storage then refuses to start)", () => {
    const c = loadConfig({ DATABASE_URL: "postgres://db/pinjaman" });
    expect(c.uploads.secret).toBeUndefined();
  });

  it("needs the bucket and both keys for STORAGE=s3, naming each missing one", () => {
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow(
      "Invalid configuration:\n  S3_BUCKET: S3_BUCKET is required when STORAGE is s3\n  S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required when STORAGE is s3\n  S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required when STORAGE is s3",
    );
    const c = loadConfig({
      STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "pinjaman-uploads",
      S3_REGION: "ap-southeast-3",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(c.uploads).toMatchObject({
      storage: "s3",
      s3: { endpoint: "http://127.0.0.1:9000", bucket: "pinjaman-uploads", region: "ap-southeast-3", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    });
  });
});

describe("loadConfig: real providers (decision 0028)", () => {
  it("reads SMTP, Infobip and FCM settings, with Pinjaman as the SMS sender and 6 attempts by default", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u:p@db:5432/pinjaman",
      SMTP_URL: "smtps://mailer:secret@smtp.example.co.id:465",
      MAIL_FROM: "Pinjaman <no-reply@pinjaman.co.id>",
      SMS_PROVIDER: "infobip",
      INFOBIP_BASE_URL: "https://abcde.api.infobip.com",
      INFOBIP_API_KEY: "ib-key",
      INFOBIP_NOTIFY_URL: "https://pinjaman.co.id/pub_api/v1/infobip/delivery_reports",
      INFOBIP_NOTIFY_SECRET: "notify-secret-of-at-least-32-characters",
      PUSH_PROVIDER: "fcm",
      FCM_SERVICE_ACCOUNT_FILE: "/run/secrets/fcm.json",
      SIMULATED_PROVIDERS: "bank, open_banking",
    });
    expect(config.sandbox).toBe(false);
    expect(config.delivery).toEqual({
      smtp: { url: "smtps://mailer:secret@smtp.example.co.id:465", host: undefined, port: undefined, secure: undefined, user: undefined, pass: undefined },
      mailFrom: "Pinjaman <no-reply@pinjaman.co.id>",
      sms: { provider: "infobip", baseUrl: "https://abcde.api.infobip.com", apiKey: "ib-key", sender: "Pinjaman", notifyUrl: "https://pinjaman.co.id/pub_api/v1/infobip/delivery_reports" },
      infobipNotifySecret: "notify-secret-of-at-least-32-characters",
      push: { provider: "fcm", serviceAccountFile: "/run/secrets/fcm.json", endpoint: "https://fcm.googleapis.com" },
      maxAttempts: 6,
    });
    expect(config.simulatedProviders).toEqual(["bank", "open_banking"]);
    // In the sandbox every provider is simulated anyway: the list means nothing there.
    expect(loadConfig({ SIMULATED_PROVIDERS: "bank" }).simulatedProviders).toEqual([]);
    expect(loadConfig({}).delivery).toMatchObject({ smtp: null, sms: null, push: null, infobipNotifySecret: undefined });
  });

  it("names each half-configured provider and each bad value", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "infobip", INFOBIP_NOTIFY_URL: "https://pinjaman.co.id/hook", SMTP_HOST: "smtp.example.co.id", PUSH_PROVIDER: "fcm" })).toThrow(
      "Invalid configuration:\n" +
        "  INFOBIP_BASE_URL: INFOBIP_BASE_URL is required when SMS_PROVIDER is infobip\n" +
        "  INFOBIP_API_KEY: INFOBIP_API_KEY is required when SMS_PROVIDER is infobip\n" +
        "  INFOBIP_NOTIFY_SECRET: INFOBIP_NOTIFY_SECRET is required when INFOBIP_NOTIFY_URL is set (the webhook refuses reports without it)\n" +
        "  FCM_SERVICE_ACCOUNT_FILE: FCM_SERVICE_ACCOUNT_FILE is required when PUSH_PROVIDER is fcm\n" +
        "  MAIL_FROM: MAIL_FROM is required when an SMTP server is set",
    );
    expect(() => loadConfig({ SMTP_URL: "http://mail", MAIL_FROM: "nobody", SMS_PROVIDER: "zenziva", SMS_SENDER: "Pinjaman Indonesia", INFOBIP_NOTIFY_SECRET: "short", SIMULATED_PROVIDERS: "bank,mail" })).toThrow(
      "Invalid configuration:\n" +
        "  SMTP_URL: must be an smtp:// or smtps:// URL\n" +
        "  MAIL_FROM: must be an address or `Name <address>`\n" +
        '  SMS_PROVIDER: Invalid input: expected "infobip"\n' +
        "  INFOBIP_NOTIFY_SECRET: must be at least 32 characters\n" +
        "  SMS_SENDER: must be 1 to 11 letters, digits or spaces\n" +
        "  SIMULATED_PROVIDERS: unknown provider mail: one of bank, insurer, open_banking, voice",
    );
  });
});

describe("loadConfig: PUBLIC_ORIGIN and HOST", () => {
  it("keeps an http(s) origin without its trailing slash, and builds the default from an address or host name", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://pinjaman.co.id/" }).publicOrigin).toBe("https://pinjaman.co.id");
    expect(loadConfig({ PUBLIC_ORIGIN: "http://10.0.0.5:8080" }).publicOrigin).toBe("http://10.0.0.5:8080");
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "3100" }).publicOrigin).toBe("http://0.0.0.0:3100");
    expect(loadConfig({ HOST: "::1" }).publicOrigin).toBe("http://[::1]:3000");
    expect(loadConfig({ HOST: "api.pinjaman.co.id" }).host).toBe("api.pinjaman.co.id");
  });

  it.each([
    "ftp://pinjaman.co.id",
    "javascript:alert(1)",
    "pinjaman.co.id",
    "https://pinjaman.co.id/app",
    "https://pinjaman.co.id?x=1",
    "https://pinjaman.co.id/?",
    "https://pinjaman.co.id#top",
    "https://admin:secret@pinjaman.co.id",
    "https://",
  ])("refuses PUBLIC_ORIGIN=%s (exit 78 at start)", (origin) => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: origin })).toThrow(
      "Invalid configuration:\n  PUBLIC_ORIGIN: must be an http:// or https:// origin: scheme, host and optional port, like https://pinjaman.co.id",
    );
  });

  it.each(["http://127.0.0.1", "127.0.0.1:3000", "pinjaman co id", "-bad.example", "a/b", "256.1.1.1", "10.0.0"])("refuses HOST=%s", (host) => {
    expect(() => loadConfig({ HOST: host })).toThrow("Invalid configuration:\n  HOST: must be an IP address or a host name (0.0.0.0, ::, localhost)");
  });
});

describe("loadConfig: TRUST_PROXY", () => {
  it("trusts a proxy on the same host by default, and the proxies named behind a load balancer", () => {
    expect(loadConfig({}).trustProxy).toBe("loopback");
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).trustProxy).toBe("10.0.0.0/8,loopback");
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(
      "Invalid configuration:\n  TRUST_PROXY: must be loopback, linklocal, uniquelocal or IP addresses / CIDR networks, comma separated",
    );
  });
});
