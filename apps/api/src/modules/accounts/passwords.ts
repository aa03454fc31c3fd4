import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's baseline (19 MiB, 2 passes, 1 lane): about the cost a 2-core server can
 * pay on every login under load while staying far beyond offline guessing on stolen hashes.
 * The parameters live in each hash, so raising them later re-hashes on the next login.
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password or a malformed stored hash; never throws on bad input. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the e-mail is unknown, so timing does not reveal it. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("decoy-password-for-unknown-accounts");
  return decoy;
}
