/**
 * The sandbox book's digest (book-test-kit.ts) seeded on 2026-11-24 with the default platform fee:
 * sandbox-book.test.ts and book-determinism.test.ts each seed a database and must both give it.
 * A deliberate change of the book or of a money rule changes it: update it then.
 */
export const BOOK_DIGEST_2026_11_24 = { digest: "d1cd97eca1dde3ff7b3da02facc0c8bf4588abad4e5a3733156936e84fe95fa0", rows: 2605 };
