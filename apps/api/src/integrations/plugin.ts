import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { JobIntegrations } from "../jobs/job-definition.ts";
import { selectBank, type BankAdapter } from "./bank/bank-adapter.ts";
import { selectInsurer } from "./insurer/insurer-adapter.ts";
import { attemptDelivery } from "./delivery/deliveries.ts";
import { platformSignature, type ESignatureProvider } from "./e-signature/e-signature-provider.ts";
import { selectDeliveryProviders } from "./delivery/select-providers.ts";
import type { DeliveryProviders } from "./delivery/transports.ts";
import { selectMailer, type Mailer } from "./mail.ts";
import { selectPush, type PushSender } from "./push.ts";
import { selectOpenBanking, type OpenBankingProvider } from "./open-banking/open-banking-provider.ts";
import { selectSms, type SmsSender } from "./sms.ts";
import { selectVoice, type VoiceAdapter } from "./voice/voice-adapter.ts";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
    sms: SmsSender;
    /** Push to devices' firebase tokens (pushToCustomer in push.ts); the outbox in the sandbox. */
    push: PushSender;
    /** The real mail, SMS and push providers; null in the sandbox (its adapters store into the outbox). */
    deliveryProviders: DeliveryProviders | null;
    /** The bank that pays borrowers at disbursal. */
    bank: BankAdapter;
    /** What the jobs call (the runner's and the sandbox clock's runs): the same adapters. */
    jobIntegrations: JobIntegrations;
    /** The voice provider the voice_recording field uploads to. */
    voice: VoiceAdapter;
    /** The e-signature provider behind the signature calls (the platform's own one-time-code signature). */
    eSignature: ESignatureProvider;
    /** The open-banking provider behind the open_banking field's widget. */
    openBanking: OpenBankingProvider;
    /**
     * Runs work after the answer has gone (e.g. the reset mail, whose presence must not show in
     * the response time); failures are logged. The server waits for it before closing.
     */
    defer: (label: string, task: () => Promise<void>) => void;
    /** Resolves once every deferred task has finished (tests, shutdown). */
    settled: () => Promise<void>;
  }
}

/** The outside parties' adapters chosen by configuration, shared by every module. */
export const integrationsPlugin = fp(async (app: FastifyInstance) => {
  // Outside the sandbox: SMTP and the SMS gateway are required (the start fails naming what is
  // missing); messages are queued in `deliveries`, tried once at once after the answer, then by
  // the delivery job with backoff (decision 0028).
  const providers = app.config.sandbox ? null : selectDeliveryProviders(app.config);
  app.decorate("deliveryProviders", providers);
  const sendNow = providers
    ? (deliveryId: string) => app.defer("delivery", async () => void (await attemptDelivery(app.db, providers, deliveryId)))
    : undefined;
  app.decorate("mailer", selectMailer(app.config, app.db, sendNow));
  app.decorate("sms", selectSms(app.config, app.db, sendNow));
  app.decorate("push", selectPush(app.config, app.db, sendNow));
  app.decorate("bank", selectBank(app.config, app.db));
  app.decorate("jobIntegrations", {
    sandbox: app.config.sandbox,
    bank: app.bank,
    insurer: selectInsurer(app.config),
    virtualAccountCodes: app.config.virtualAccountCodes,
    repayment: { platformFeePpm: app.config.platformFeePpm, overpaymentMargin: app.config.overpaymentMargin },
    delivery: providers,
  });
  app.decorate("voice", selectVoice(app.config));
  app.decorate("openBanking", selectOpenBanking(app.config));
  // A certified PSrE adapter replaces this one (decision 0028).
  app.decorate("eSignature", platformSignature);

  const pending = new Set<Promise<void>>();
  app.decorate("defer", (label: string, task: () => Promise<void>) => {
    const run: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error }, `${label} failed`))
      .finally(() => pending.delete(run));
    pending.add(run);
  });
  app.decorate("settled", async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  });
  app.addHook("onClose", async () => app.settled());
});
