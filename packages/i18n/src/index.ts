
/** The site speaks one language; the fallback is the same catalogue (spec section 1). */
export const LOCALE = "id";
export const FALLBACK_LOCALE = "id";

export type Tree = { [key: string]: string | Tree };

/**
 * Namespaces register themselves when a module that needs them imports
 * `@pinjaman/i18n/ns/<namespace>`: a page's scripts carry only the texts it can show.
 */
const catalogue: Tree = {};

export function registerTexts(namespace: string, texts: Tree): void {
  catalogue[namespace] = texts;
}

function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = catalogue;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export type Vars = Record<string, string | number>;

/** Fills `{name}` placeholders; an unknown placeholder is left as written. */
export function interpolate(text: string, vars: Vars = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/**
 * Translates a catalogue key. A missing key logs a warning and shows the key itself
 * (spec section 8), so a gap is visible without breaking the page.
 */
export function t(key: string, vars?: Vars): string {
  const text = lookup(key);
  if (text === undefined) {
    console.warn(`[i18n] missing translation: ${key}`);
    return key;
  }
  return interpolate(text, vars);
}

export function hasKey(key: string): boolean {
  return lookup(key) !== undefined;
}

/**
 * A load of lazy texts, marked with its outcome the way React's `use` reads a promise, so texts
 * loaded before render without suspending.
 */
export type TextsLoad<T> = Promise<T> &
  ({ status: "pending" } | { status: "fulfilled"; value: T } | { status: "rejected"; reason: unknown });

/**
 * Long texts of the catalogue (public pages, the regulator's disclaimer) travel as lazy modules
 * in the browser (decision 0005): one load per key, cached; a failed load (a network blip) is
 * tried again by the next call. Here rather than in a module of its own, so the site's pages do
 * not fetch one more tiny chunk for it.
 */
export function textsCache<T>(load: (key: string) => Promise<T>): (key: string) => TextsLoad<T> {
  const loads = new Map<string, TextsLoad<T>>();
  return (key) => {
    const cached = loads.get(key);
    if (cached) return cached;
    const promise = Object.assign(load(key), { status: "pending" }) as TextsLoad<T>;
    const settle = (outcome: Record<string, unknown>) => Object.assign(promise, outcome);
    promise.then(
      (value) => settle({ status: "fulfilled", value }),
      (reason: unknown) => {
        settle({ status: "rejected", reason });
        loads.delete(key);
      },
    );
    loads.set(key, promise);
    return promise;
  };
}
