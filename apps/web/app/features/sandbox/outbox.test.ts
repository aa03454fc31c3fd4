import { describe, expect, it } from "vitest";
import { linkParts, newestFirst, type OutboxMessage } from "./outbox.ts";

const message = (id: number, created_at: string): OutboxMessage => ({ id, channel: "mail", recipient: "a@b.test", subject: "s", body: "b", created_at });

describe("sandbox outbox", () => {
  it("lists newest first whatever the server's order", () => {
    const sorted = newestFirst([message(1, "2026-11-22T10:00:00Z"), message(3, "2026-11-22T12:00:00Z"), message(2, "2026-11-22T12:00:00Z")]);
    expect(sorted.map((m) => m.id)).toEqual([3, 2, 1]);
  });

  it("makes links of the URLs in a body, leaving trailing punctuation out", () => {
    expect(linkParts("Atur ulang: http://127.0.0.1:3000/reset-password/abc_DEF-123.\nKode: 123456")).toEqual([
      { text: "Atur ulang: " },
      { href: "http://127.0.0.1:3000/reset-password/abc_DEF-123" },
      { text: ".\nKode: 123456" },
    ]);
    expect(linkParts("no links")).toEqual([{ text: "no links" }]);
    expect(linkParts("(https://x.test/a?b=1)")).toEqual([{ text: "(" }, { href: "https://x.test/a?b=1" }, { text: ")" }]);
  });
});
