import type { Db } from "@pinjaman/db";
import { API_KEY_SCOPES } from "@pinjaman/db/api-key-schema";
import { createApiKey, isApiKeyScope, listApiKeys, revokeApiKey } from "./api-keys.ts";

export type CommandResult = { code: number; out: string[]; err: string[] };

const usage = (message: string): CommandResult => ({ code: 64, out: [], err: [message] });
const day = (at: Date | null) => (at ? at.toISOString().replace(/\.\d{3}Z$/, "Z") : "-");

/** The `npm run api-key` commands (scripts/api-key.ts), as lines to print and an exit code. */
export async function runApiKeyCommand(db: Db, positionals: string[], options: { name?: string; scopes?: string }): Promise<CommandResult> {
  const [command, target] = positionals;
  switch (command) {
    case "create": {
      const name = options.name?.trim();
      if (!name || name.length > 200) return usage("--name is required (at most 200 characters).");
      const scopes = (options.scopes ?? "").split(",").map((s) => s.trim()).filter(Boolean);
      const unknown = scopes.filter((s) => !isApiKeyScope(s));
      if (scopes.length === 0 || unknown.length > 0) return usage(`--scopes takes one or more of ${API_KEY_SCOPES.join(", ")}${unknown.length ? ` (unknown: ${unknown.join(", ")})` : ""}.`);
      const { key, row } = await createApiKey(db, { name, scopes: scopes.filter(isApiKeyScope) });
      return {
        code: 0,
        out: [`Created key ${row.prefix}… "${row.name}" (${row.id}) with scopes ${row.scopes.join(",")}.`, "The key, shown this once (only its hash is stored):", key],
        err: [],
      };
    }
    case "list": {
      const rows = await listApiKeys(db);
      return {
        code: 0,
        out: rows.length === 0 ? ["No API keys."] : rows.map((r) => [r.id, r.prefix, JSON.stringify(r.name), r.scopes.join(","), `created ${day(r.createdAt)}`, `last used ${day(r.lastUsedAt)}`, r.revokedAt ? `REVOKED ${day(r.revokedAt)}` : "active"].join("  ")),
        err: [],
      };
    }
    case "revoke": {
      if (!target) return usage("revoke takes the key's id or prefix.");
      const revoked = await revokeApiKey(db, target);
      if (revoked.length === 0) return { code: 66, out: [], err: [`No active key with id or prefix ${target}.`] };
      return { code: 0, out: revoked.map((r) => `Revoked ${r.prefix}… "${r.name}" (${r.id}).`), err: [] };
    }
    default:
      return usage(command ? `Unknown command ${command}.` : "Which command?");
  }
}
