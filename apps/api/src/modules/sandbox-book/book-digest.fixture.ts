/**
 * The sandbox book's digest (book-test-kit.ts) seeded on 2026-11-24 with the default platform fee:
 * sandbox-book.test.ts and book-determinism.test.ts each seed a database and must both give it.
 * A deliberate change of the book or of a money rule changes it: update it then.
 */
export const BOOK_DIGEST_2026_11_24 = { digest: "88dd5efad70ad0dc74ec4c31e3d2c9e2df7aeb66a96e681e933b2f13de0abda4", rows: 5285 };
