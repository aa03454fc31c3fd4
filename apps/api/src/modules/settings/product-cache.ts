/**
 * The products the calculator and the flows read on every call, kept in memory for a short
 * while, per database. A change made on this instance drops its entry at once; another instance
 * keeps the old price list at most PRODUCT_CACHE_MS, which is safe: every version passed the OJK
 * guard when it was stored, and an application stores the rate and total it was priced with.
 */
export const PRODUCT_CACHE_MS = 30_000;

type Entries = Map<string, { value: unknown; until: number }>;
const caches = new WeakMap<object, Entries>();
const all = new Set<WeakRef<Entries>>();
const listeners = new Set<(key: string | null) => void>();

export async function cachedProduct<T>(
  db: object,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
    all.add(new WeakRef(entries));
  }
  const hit = entries.get(key);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const value = await load();
  entries.set(key, { value, until: Date.now() + PRODUCT_CACHE_MS });
  return value;
}

/** Drops one product (or, with null, every product) from these caches and the caches that listen. */
export function invalidateProductCache(key: string | null = null): void {
  for (const ref of all) {
    const entries = ref.deref();
    if (!entries) all.delete(ref);
    else if (key === null) entries.clear();
    else entries.delete(key);
  }
  for (const listener of listeners) listener(key);
}

/** Another module's own product cache, told when a product changes. */
export function onProductChange(listener: (key: string | null) => void): void {
  listeners.add(listener);
}
