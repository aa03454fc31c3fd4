import nodemailer from "nodemailer";
import { shortError, type MailTransport, type SendResult } from "./transports.ts";

export type SmtpSettings = {
  url?: string | undefined;
  host?: string | undefined;
  port?: number | undefined;
  secure?: boolean | undefined;
  user?: string | undefined;
  pass?: string | undefined;
};

/**
 * E-mail over SMTP with nodemailer: any provider with an SMTP relay (Amazon SES, Mailgun,
 * SendGrid, a company's own Postfix). `SMTP_URL` (smtp://user:pass@host:587, smtps:// for TLS on
 * 465) or host, port, user and password. STARTTLS is used when the server offers it.
 */
export function smtpMail(settings: SmtpSettings, from: string): MailTransport {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  const transporter = settings.url
    ? nodemailer.createTransport({ url: settings.url, ...timeouts })
    : nodemailer.createTransport({
        host: settings.host,
        port: settings.port ?? (settings.secure ? 465 : 587),
        secure: settings.secure ?? settings.port === 465,
        ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? "" } } : {}),
        ...timeouts,
      });
  return {
    provider: "smtp",
    async send(mail): Promise<SendResult> {
      try {
        const info = await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        if (info.rejected.length > 0) return { ok: false, retryable: false, error: shortError(`recipient refused: ${info.response}`) };
        return { ok: true, providerMessageId: info.messageId };
      } catch (error) {
        const { responseCode, code, message } = error as { responseCode?: number; code?: string; message: string };
        // 5xx is the server's final "no" (no such mailbox, refused content); 4xx and network errors
        // pass. A refused login (535) is our configuration: fixed, the retries go through.
        const permanent = typeof responseCode === "number" && responseCode >= 500 && code !== "EAUTH";
        return { ok: false, retryable: !permanent, error: shortError(message) };
      }
    },
  };
}
