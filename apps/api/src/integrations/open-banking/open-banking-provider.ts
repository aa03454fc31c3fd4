import { randomBytes } from "node:crypto";
import type { Config, SimulableProvider } from "../../config.ts";
import { IntegrationNotConfigured } from "../not-configured.ts";

export type OpenBankingConnection = {
  connectionId: string;
  flowProgressId: string;
  customerId: string | null;
  bank: string;
  createdAt: Date;
};

/**
 * The open-banking provider behind the widget (spec section 7): it links a customer's bank login
 * to a connection id, which the flow stores as the field's value. A real provider hosts its own
 * widget; the sandbox serves one from our API.
 */
export type OpenBankingProvider = {
  createConnection(input: { flowProgressId: string; customerId: string | null; bank: string }): Promise<OpenBankingConnection>;
  findConnection(connectionId: string): Promise<OpenBankingConnection | null>;
};

/** Banks the sandbox widget offers. */
export const SANDBOX_BANKS = ["BCA", "BNI", "BRI", "Mandiri"] as const;

export const SANDBOX_OPEN_BANKING_CAPACITY = 500;

/** Sandbox provider: connections kept in memory (the oldest dropped beyond the capacity). */
export function sandboxOpenBanking(capacity = SANDBOX_OPEN_BANKING_CAPACITY): OpenBankingProvider {
  const connections = new Map<string, OpenBankingConnection>();
  return {
    async createConnection(input) {
      const connection = { connectionId: `sbx_conn_${randomBytes(12).toString("hex")}`, ...input, createdAt: new Date() };
      connections.set(connection.connectionId, connection);
      while (connections.size > capacity) {
        const oldest = connections.keys().next().value;
        if (oldest === undefined) break;
        connections.delete(oldest);
      }
      return connection;
    },
    findConnection: async (id) => connections.get(id) ?? null,
  };
}

/**
 * The open-banking provider of this configuration. A certified provider (Brankas, Brick, Ayoconnect…)
 * implements OpenBankingProvider; until one is wired, outside the sandbox the sandbox widget runs
 * only when the deployment says so (SIMULATED_PROVIDERS=open_banking), else the start fails.
 */
export function selectOpenBanking(config: Pick<Config, "sandbox"> & { simulatedProviders?: readonly SimulableProvider[] }): OpenBankingProvider {
  if (config.sandbox || config.simulatedProviders?.includes("open_banking")) return sandboxOpenBanking();
  throw new IntegrationNotConfigured("Open banking");
}
