/**
 * The sandbox book's digest (book-test-kit.ts) seeded on 2026-11-24 with the default platform fee:
 * sandbox-book.test.ts and book-determinism.test.ts each seed a database and must both give it.
 * A deliberate change of the book or of a money rule changes it: update it then.
 */
export const BOOK_DIGEST_2026_11_24 = { digest: "3301585afdf750c066b1eeaec9448d0f1c07c2d0d48618b60bb8693cf450000a", rows: 5285 };
