import { readFileSync } from "node:fs";
import { ConfigError, type Config } from "../../config.ts";
import { fcmPush, parseServiceAccount } from "./fcm-push.ts";
import { infobipSms } from "./infobip-sms.ts";
import { smtpMail } from "./smtp-mail.ts";
import type { DeliveryProviders } from "./transports.ts";

/**
 * What is missing for delivery outside the sandbox, one line per variable (empty when nothing).
 * Mail and SMS are required: sign-in codes, signature codes and reminders go through them.
 * Push is optional: without it a push is recorded as failed ("push is not configured").
 */
export function missingDeliverySettings(config: Pick<Config, "delivery">): string[] {
  const { delivery } = config;
  const missing: string[] = [];
  if (!delivery.smtp) {
    missing.push("SMTP_URL: mail delivery outside the sandbox needs an SMTP server: set SMTP_URL (smtp://user:pass@host:587) or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS");
  }
  if (!delivery.mailFrom) missing.push("MAIL_FROM: mail delivery outside the sandbox needs the sender (`Pinjaman <no-reply@example.co.id>`)");
  if (!delivery.sms) missing.push("SMS_PROVIDER: SMS delivery outside the sandbox needs an SMS gateway: set SMS_PROVIDER=infobip, INFOBIP_BASE_URL and INFOBIP_API_KEY");
  return missing;
}

/** The real providers of this configuration, built at start; throws ConfigError naming what is missing. */
export function selectDeliveryProviders(config: Pick<Config, "delivery">): DeliveryProviders {
  const missing = missingDeliverySettings(config);
  const { delivery } = config;
  let push: DeliveryProviders["push"] = null;
  if (delivery.push?.provider === "fcm" && delivery.push.serviceAccountFile) {
    const file = delivery.push.serviceAccountFile;
    let text: string | null = null;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      missing.push(`FCM_SERVICE_ACCOUNT_FILE: cannot read ${file}: ${(error as Error).message}`);
    }
    if (text !== null) {
      const account = parseServiceAccount(text);
      if (typeof account === "string") missing.push(`FCM_SERVICE_ACCOUNT_FILE: ${file} ${account}`);
      else push = fcmPush(account, delivery.push.endpoint);
    }
  }
  if (missing.length > 0 || !delivery.smtp || !delivery.mailFrom || !delivery.sms?.baseUrl || !delivery.sms.apiKey) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((line) => `  ${line}`).join("\n")}`);
  }
  return {
    mail: smtpMail(delivery.smtp, delivery.mailFrom),
    sms: infobipSms({
      baseUrl: delivery.sms.baseUrl,
      apiKey: delivery.sms.apiKey,
      sender: delivery.sms.sender,
      // loadConfig refuses a notify URL without its secret.
      ...(delivery.sms.notifyUrl && delivery.infobipNotifySecret ? { notify: { url: delivery.sms.notifyUrl, secret: delivery.infobipNotifySecret } } : {}),
    }),
    push,
    maxAttempts: delivery.maxAttempts,
  };
}
