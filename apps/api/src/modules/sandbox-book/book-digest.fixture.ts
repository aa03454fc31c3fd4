/**
 * The sandbox book's digest (book-test-kit.ts) seeded on 2026-11-24 with the default platform fee:
 * sandbox-book.test.ts and book-determinism.test.ts each seed a database and must both give it.
 * A deliberate change of the book or of a money rule changes it: update it then.
 */
export const BOOK_DIGEST_2026_11_24 = { digest: "e0fbf5af0aff14ade289765034a035b01368df474eed86f2e1628d49c14a8c49", rows: 4926 };
