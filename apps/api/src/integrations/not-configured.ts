import { ConfigError } from "../config.ts";

/**
 * Outside the sandbox an adapter needs a real provider. None is wired yet, so the server refuses
 * to start rather than pretend to deliver codes and links that nobody receives.
 */
export class IntegrationNotConfigured extends ConfigError {
  constructor(readonly integration: string) {
    super(
      `Invalid configuration:\n  SANDBOX: ${integration} delivery outside the sandbox needs a provider adapter, and none is configured. ` +
        `Start with SANDBOX=1 (messages go to the sandbox outbox) or add the provider's adapter in apps/api/src/integrations/.`,
    );
    this.name = "IntegrationNotConfigured";
  }
}
