import { ConfigError } from "../config.ts";

/**
 * Outside the sandbox an adapter needs a real provider. Where none is wired yet (voice, open
 * banking) the server refuses to start rather than pretend, unless the deployment names the
 * provider in SIMULATED_PROVIDERS (decision 0028).
 */
export class IntegrationNotConfigured extends ConfigError {
  constructor(readonly integration: string) {
    super(
      `Invalid configuration:\n  SANDBOX: ${integration} delivery outside the sandbox needs a provider adapter, and none is configured. ` +
        `Start with SANDBOX=1, name it in SIMULATED_PROVIDERS to run its sandbox adapter knowingly, or add the provider's adapter in apps/api/src/integrations/.`,
    );
    this.name = "IntegrationNotConfigured";
  }
}
